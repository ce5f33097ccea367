import Foundation
import MatrixKit

/// The exercise package: `Exercise/` at the root of the kit (ignored by git). It holds the
/// learner's copy of one stage folder, and a manifest and grading tests that the workbench
/// writes again before every check. It depends on the kit's package for the simulated SDKs
/// and the shared checks, and builds in scratch paths of its own, so that a half-done
/// exercise never touches the stages, `tracker` or `swift test`.
struct Workspace {
    let root: URL
    var exercise: URL { root.appendingPathComponent("Exercise") }
    var state: URL { root.appendingPathComponent(".workbench") }
    static let scratch = ".build-workbench"
    /// The grading tests, real Swift files copied into the exercise's test target.
    static let grading = "Kit/Workbench/Grading"
    static let gradingFiles = ["Grading.swift", "GradeReport.swift", "ExerciseCheckIDs.swift", "ExerciseChecks.swift", "ExerciseChecksHeld.swift"]
    static let tsanScratch = ".build-workbench-tsan"
    static let fieldScratch = ".build-workbench-field"
    /// The field harness, copied into a field exercise's hidden test target beside its probe.
    static let fieldGrading = "Kit/Workbench/Grading/Field"

    /// The app package through Kit/'s link, so that its name is not the clone's (see Kit/Package.swift).
    static let appPackage = "CoffeeTrackerKit"

    var fm: FileManager { .default }

    func path(_ relative: String) -> URL { root.appendingPathComponent(relative) }

    /// Copies the stage folder, applies the start patches and writes the package files.
    func prepare(_ exercise: Exercise, startSolved: Bool = false) throws {
        try startingState(of: exercise, in: self.exercise)
        if startSolved { try applyPatch(path(exercise.solutionPatch)) }
        try writePackage(for: exercise)
    }

    /// Gives every file of the exercise a modification time no build has seen, so that the
    /// next build compiles them all again. `verify` rewrites the same files several times a
    /// second, and an incremental build once kept a stale object for a changed file (a link
    /// error instead of the wrong answer's own diagnostic).
    func markExerciseChanged(_ exercise: Exercise) {
        Self.stamp = max(Date(), Self.stamp.addingTimeInterval(1))
        for name in [exercise.folder] + exercise.modules {
            let folder = self.exercise.appendingPathComponent("Sources/\(name)")
            for file in (try? fm.contentsOfDirectory(atPath: folder.path)) ?? [] {
                try? fm.setAttributes([.modificationDate: Self.stamp], ofItemAtPath: folder.appendingPathComponent(file).path)
            }
        }
    }

    /// The last time `markExerciseChanged` gave out (the tool is single-threaded).
    private static var stamp = Date.distantPast

    /// Writes the exercise's starting sources into `package`/Sources (replacing them).
    func startingState(of exercise: Exercise, in package: URL) throws {
        try exercise.room.startingState(in: package, self)
    }

    /// The files of Exercise/Sources that differ from `exercise`'s starting state (edited,
    /// added or deleted), by path under Sources/.
    func edits(to exercise: Exercise) -> [String] {
        let fresh = fm.temporaryDirectory.appendingPathComponent("workbench-start-\(getpid())")
        defer { try? fm.removeItem(at: fresh) }
        guard (try? startingState(of: exercise, in: fresh)) != nil else { return [] }
        let mine = files(under: self.exercise.appendingPathComponent("Sources"))
        let start = files(under: fresh.appendingPathComponent("Sources"))
        return Set(mine.keys).union(start.keys).filter { mine[$0] != start[$0] }.sorted()
    }

    /// The lines of the exercise's folder that the learner added or changed (new-side line
    /// numbers, by file name), from `diff -U0` against the starting state.
    func changedLines(_ exercise: Exercise) -> [String: Set<Int>] {
        let fresh = fm.temporaryDirectory.appendingPathComponent("workbench-lines-\(getpid())")
        defer { try? fm.removeItem(at: fresh) }
        guard (try? startingState(of: exercise, in: fresh)) != nil else { return [:] }
        let start = fresh.appendingPathComponent("Sources/\(exercise.folder)")
        let mine = self.exercise.appendingPathComponent("Sources/\(exercise.folder)")
        let output = Shell(directory: root, scratch: fm.temporaryDirectory).run(["diff", "-U0", "-N", "-r", start.path, mine.path]).output
        var changed: [String: Set<Int>] = [:]
        var file = ""
        let hunk = #/^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/#
        for line in output.split(separator: "\n") {
            if line.hasPrefix("+++ ") {
                file = ((String(line.dropFirst(4)).split(separator: "\t").first.map(String.init) ?? "") as NSString).lastPathComponent
            } else if let match = try? hunk.prefixMatch(in: line), let first = Int(match.1) {
                let count = match.2.flatMap { Int($0) } ?? 1
                // A deletion (count 0) changes the lines on either side of it.
                let lines = count == 0 ? Set([first, first + 1]) : Set(first..<(first + count))
                changed[file, default: []].formUnion(lines)
            }
        }
        return changed
    }

    private func files(under folder: URL) -> [String: Data] {
        var result: [String: Data] = [:]
        guard let walker = fm.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else { return result }
        for case let url as URL in walker where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            let relative = String(url.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1))
            result[relative] = try? Data(contentsOf: url)
        }
        return result
    }

    /// Moves the learner's edited copy of `exercise` to .workbench/backups/DATE-SLUG/ and
    /// returns that folder; nil when the copy holds no edit (nothing is lost then).
    func backUpEdits(of exercise: Exercise) throws -> (folder: URL, files: [String])? {
        let sources = self.exercise.appendingPathComponent("Sources")
        guard fm.fileExists(atPath: sources.appendingPathComponent(exercise.folder).path) else { return nil }
        let edited = edits(to: exercise)
        guard !edited.isEmpty else { return nil }
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        formatter.locale = Locale(identifier: "en_US_POSIX")
        var folder = state.appendingPathComponent("backups/\(formatter.string(from: Date()))-\(exercise.slug)")
        var suffix = 2
        while fm.fileExists(atPath: folder.path) {
            folder = state.appendingPathComponent("backups/\(formatter.string(from: Date()))-\(exercise.slug)-\(suffix)")
            suffix += 1
        }
        try fm.createDirectory(at: folder, withIntermediateDirectories: true)
        try fm.moveItem(at: sources, to: folder.appendingPathComponent("Sources"))
        return (folder, edited)
    }

    func applyPatch(_ patch: URL, reverse: Bool = false, in package: URL? = nil) throws {
        let shell = Shell(directory: package ?? exercise, scratch: fm.temporaryDirectory)
        let result = shell.run(["patch", "-p1", "-s", "-f", "--no-backup-if-mismatch"] + (reverse ? ["-R"] : []) + ["-i", patch.path])
        guard result.succeeded else {
            throw WorkbenchError("the patch \(patch.lastPathComponent) does not apply:\n\(result.tail())")
        }
    }

    /// The manifest and the grading tests: written before every check, whatever was edited.
    func writePackage(for exercise: Exercise) throws {
        try exercise.room.writePackage(self)
    }

    func write(_ text: String, to url: URL) throws {
        if (try? String(contentsOf: url, encoding: .utf8)) == text { return }  // keep the build up to date
        try text.write(to: url, atomically: true, encoding: .utf8)
    }
}

struct WorkbenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
