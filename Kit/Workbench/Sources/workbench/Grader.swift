import Foundation
import MatrixKit
import TrackerSpec

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
    static let tsanScratch = ".build-workbench-tsan"

    var fm: FileManager { .default }

    func path(_ relative: String) -> URL { root.appendingPathComponent(relative) }

    /// Copies the stage folder, applies the start patches and writes the package files.
    func prepare(_ exercise: Exercise, startSolved: Bool = false) throws {
        let sources = self.exercise.appendingPathComponent("Sources")
        try? fm.removeItem(at: sources)
        try fm.createDirectory(at: sources, withIntermediateDirectories: true)
        let stage = Stage.all[exercise.stage]
        try fm.copyItem(at: path("Sources/\(stage.target)"), to: sources.appendingPathComponent(exercise.folder))
        for patch in exercise.startPatches {
            try applyPatch(path(patch))
        }
        if startSolved { try applyPatch(path(exercise.solutionPatch)) }
        try writePackage(for: exercise)
    }

    func applyPatch(_ patch: URL, reverse: Bool = false) throws {
        let shell = Shell(directory: exercise, scratch: fm.temporaryDirectory)
        let result = shell.run(["patch", "-p1", "-s", "-f", "--no-backup-if-mismatch"] + (reverse ? ["-R"] : []) + ["-i", patch.path])
        guard result.succeeded else {
            throw WorkbenchError("the patch \(patch.lastPathComponent) does not apply:\n\(result.tail())")
        }
    }

    /// The manifest and the grading tests: written before every check, whatever was edited.
    func writePackage(for exercise: Exercise) throws {
        let kit = root.lastPathComponent
        func product(_ name: String) -> String { ".product(name: \"\(name)\", package: \"\(kit)\")" }
        let flags = exercise.complete ? ", .unsafeFlags([\"-strict-concurrency=complete\"])" : ""
        let manifest = """
            // swift-tools-version:6.2
            // Written by Scripts/workbench before every check: not yours to edit. The exercise
            // is Sources/\(exercise.folder); the grading tests are in Tests/.
            import PackageDescription

            let package = Package(
                name: "Exercise",
                platforms: [.macOS(.v15)],
                dependencies: [.package(path: "..")],
                targets: [
                    .target(
                        name: "Exercise",
                        dependencies: [\(["HealthKitSim", "WatchKitSim", "CoffeeModel", "Recaffeinater"].map(product).joined(separator: ", "))],
                        path: "Sources/\(exercise.folder)",
                        swiftSettings: [\(exercise.mode.settings)\(flags)]
                    ),
                    .testTarget(
                        name: "ExerciseTests",
                        dependencies: ["Exercise", \(product("TrackerSpec")), \(product("WatchKitSim"))],
                        path: "Tests/ExerciseTests",
                        swiftSettings: [.swiftLanguageMode(.v5)]
                    ),
                ]
            )

            """
        try write(manifest, to: self.exercise.appendingPathComponent("Package.swift"))
        let tests = self.exercise.appendingPathComponent("Tests/ExerciseTests")
        try fm.createDirectory(at: tests, withIntermediateDirectories: true)
        try write(Self.gradingTests, to: tests.appendingPathComponent("Grading.swift"))
        try write("Written by Scripts/workbench. Edit Sources/\(exercise.folder)/\(exercise.file) (and, where the task says so, the files beside it); the rest is written again at every check.\n",
                  to: self.exercise.appendingPathComponent("README"))
    }

    private func write(_ text: String, to url: URL) throws {
        if (try? String(contentsOf: url, encoding: .utf8)) == text { return }  // keep the build up to date
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    /// The tests the workbench runs: the shared checks of TrackerSpec, on the exercise's app.
    /// They write one line per check to the file WORKBENCH_RESULTS names.
    static let gradingTests = """
        // Written by Scripts/workbench before every check: the grading tests are not yours to edit.
        import Exercise
        import Foundation
        import TrackerSpec
        import XCTest

        final class Grading: XCTestCase {
            private func record(_ fields: String...) {
                guard let path = ProcessInfo.processInfo.environment["WORKBENCH_RESULTS"] else { return }
                let line = fields.map { $0.replacingOccurrences(of: "\\t", with: " ").replacingOccurrences(of: "\\n", with: " ") }
                    .joined(separator: "\\t") + "\\n"
                if let handle = FileHandle(forWritingAtPath: path) {
                    handle.seekToEndOfFile()
                    handle.write(Data(line.utf8))
                    handle.closeFile()
                } else {
                    FileManager.default.createFile(atPath: path, contents: Data(line.utf8))
                }
            }

            /// WORKBENCH_RUN: "behaviour", "row:ID", "race:ID", separated by commas.
            func testGrade() async throws {
                let parts = (ProcessInfo.processInfo.environment["WORKBENCH_RUN"] ?? "").split(separator: ",").map(String.init)
                for part in parts {
                    if part == "behaviour" {
                        for check in Check.behaviour {
                            do {
                                try await check.run(on: CoffeeTrackerApp.self)
                                record("behaviour", "pass", check.name)
                            } catch {
                                record("behaviour", "fail", check.name, "\\(error)")
                            }
                        }
                    } else if part.hasPrefix("row:") {
                        let row = String(part.dropFirst(4))
                        for check in Check.defects where check.defect == row {
                            do {
                                try await check.run(on: CoffeeTrackerApp.self)
                                record("row", "fixed", row, check.name)
                            } catch let seen as DefectObserved where seen.defect == row {
                                record("row", "present", row, check.name, seen.observation)
                            } catch {
                                record("row", "error", row, check.name, "\\(error)")
                            }
                        }
                    } else if part.hasPrefix("race:") {
                        let row = String(part.dropFirst(5))
                        for check in Check.races where check.defect == row {
                            do {
                                try await check.run(on: CoffeeTrackerApp.self)
                                record("race", "ran", row, check.name)
                            } catch {
                                record("race", "error", row, check.name, "\\(error)")
                            }
                        }
                    }
                }
            }
        }

        """
}

struct WorkbenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// One graded line: a signal (or the behaviour checks, or the build) and what was seen.
struct Finding {
    enum Status { case pass, fail, notMeasured }
    var title: String
    var status: Status
    var details: [String] = []
    /// The signal this finding grades; nil for the behaviour checks and the build.
    var signal: Int?
}

struct Grade {
    var findings: [Finding] = []
    var built = true
    var passed: Bool { findings.allSatisfy { $0.status == .pass } }
    var seconds: Double = 0
}

/// Builds the exercise package, runs what the exercise's signals need, and grades.
struct Grader {
    let workspace: Workspace
    var verbose = false

    func grade(_ exercise: Exercise) -> Grade {
        let started = Date()
        var grade = Grade()
        let tmp = FileManager.default.temporaryDirectory.appendingPathComponent("workbench-\(getpid())-\(UUID().uuidString.prefix(8))")
        try? FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: tmp) }
        let shell = Shell(directory: workspace.exercise, scratch: tmp)
        do { try workspace.writePackage(for: exercise) } catch {
            grade.findings.append(Finding(title: "the exercise package", status: .fail, details: ["\(error)"]))
            return grade
        }

        // Complete diagnostics need every file compiled, not only the edited ones.
        let hasDiagnostic = exercise.signals.contains { if case .diagnostic = $0 { true } else { false } }
        if hasDiagnostic { touchSources(exercise) }

        let scratch = "../" + (exercise.usesTSan ? Workspace.tsanScratch : Workspace.scratch)
        let build = shell.run(["swift", "build", "--build-tests", "--scratch-path", scratch]
            + (exercise.usesTSan ? ["--sanitize=thread"] : []))
        let diagnostics = Self.diagnostics(in: build.output, folder: exercise.folder)
        let errors = diagnostics.filter { $0.severity == "error" }
        grade.built = build.succeeded

        for (index, signal) in exercise.signals.enumerated() {
            switch signal {
            case .builds:
                if build.succeeded {
                    grade.findings.append(Finding(title: "it builds in \(exercise.mode.rawValue)", status: .pass, signal: index))
                } else {
                    var details = errors.prefix(6).map { "\($0.path):\($0.line):\($0.column): \($0.message)" }
                    if details.isEmpty { details = [build.tail(12)] }
                    grade.findings.append(Finding(title: "it builds in \(exercise.mode.rawValue)", status: .fail, details: details, signal: index))
                }
            case .diagnostic(let text):
                let named = diagnostics.filter { $0.message.contains(text) }
                if !build.output.isEmpty, named.isEmpty, build.succeeded || !errors.isEmpty {
                    grade.findings.append(Finding(title: "the diagnostic \"\(text)\" is gone", status: .pass, signal: index))
                } else if named.isEmpty {
                    grade.findings.append(Finding(title: "the diagnostic \"\(text)\" is gone", status: .notMeasured, details: ["the build stopped before the compiler checked it"], signal: index))
                } else {
                    grade.findings.append(Finding(
                        title: "the diagnostic \"\(text)\" is gone", status: .fail,
                        details: named.prefix(4).map { "still there: \($0.path):\($0.line):\($0.column): \($0.severity): \($0.message)" }, signal: index))
                }
            default: break
            }
        }

        guard build.succeeded else {
            if !exercise.signals.contains(where: { if case .builds = $0 { true } else { false } }) {
                var details = errors.prefix(6).map { "\($0.path):\($0.line):\($0.column): \($0.message)" }
                if details.isEmpty { details = [build.tail(12)] }
                grade.findings.append(Finding(title: "it builds", status: .fail, details: details))
            }
            for (index, signal) in exercise.signals.enumerated() where !grade.findings.contains(where: { $0.signal == index }) {
                grade.findings.append(Finding(title: "\(signal)", status: .notMeasured, details: ["not measured: the exercise does not build"], signal: index))
            }
            grade.findings.append(Finding(title: "every behaviour check still passes", status: .notMeasured, details: ["not measured: the exercise does not build"]))
            grade.seconds = Date().timeIntervalSince(started)
            return grade
        }

        // The tests: behaviour, the row's defect check, then each race scenario on its own.
        let bundle = workspace.root.appendingPathComponent((exercise.usesTSan ? Workspace.tsanScratch : Workspace.scratch) + "/debug/ExercisePackageTests.xctest").path
        let results = tmp.appendingPathComponent("results.txt")
        func runTests(_ run: [String], tsanLogs: URL?) -> ProcessResult {
            var environment = ["WORKBENCH_RUN": run.joined(separator: ","), "WORKBENCH_RESULTS": results.path, "SWIFT_BACKTRACE": "enable=no"]
            if let tsanLogs {
                environment["TSAN_OPTIONS"] = "log_path=\(tsanLogs.path)/tsan:exitcode=0:atexit_sleep_ms=0"
            }
            if let race = run.first(where: { $0.hasPrefix("race:") }) { environment["TRACKER_RACE"] = String(race.dropFirst(5)) }
            #if os(Linux)
            return shell.run([bundle, "ExerciseTests.Grading/testGrade"], environment: environment, timeout: 300)
            #else
            return shell.run(["swift", "test", "--skip-build", "--scratch-path", scratch, "--filter", "ExerciseTests.Grading/testGrade"]
                + (exercise.usesTSan ? ["--sanitize=thread"] : []), environment: environment, timeout: 300)
            #endif
        }
        var run = ["behaviour"]
        if let row = exercise.row { run.append("row:\(row)") }
        let ignoredLogs = tmp.appendingPathComponent("ignored-tsan")
        try? FileManager.default.createDirectory(at: ignoredLogs, withIntermediateDirectories: true)
        let testRun = runTests(run, tsanLogs: exercise.usesTSan ? ignoredLogs : nil)
        var raceReports: [String: [TSanReport]] = [:]
        var raceRuns: [String: ProcessResult] = [:]
        for signal in exercise.signals {
            guard case .race(let row) = signal else { continue }
            let logs = tmp.appendingPathComponent("tsan-\(row)")
            try? FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
            raceRuns[row] = runTests(["race:\(row)"], tsanLogs: logs)
            let files = (try? FileManager.default.contentsOfDirectory(atPath: logs.path))?.sorted() ?? []
            raceReports[row] = files.flatMap { file in
                TSanLogParser.reports(in: (try? String(contentsOf: logs.appendingPathComponent(file), encoding: .utf8)) ?? "")
            }
        }
        let lines = ((try? String(contentsOf: results, encoding: .utf8)) ?? "").split(separator: "\n").map {
            $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        }

        // The behaviour checks: every one must pass.
        let behaviour = lines.filter { $0.first == "behaviour" }
        let failed = behaviour.filter { $0.count > 1 && $0[1] == "fail" }
        if behaviour.count < Check.behaviour.count && failed.isEmpty {
            grade.findings.append(Finding(
                title: "every behaviour check still passes", status: .fail,
                details: ["the checks did not all run (\(testRun.failure)); the end of their output:", testRun.tail(10)]))
        } else if failed.isEmpty {
            grade.findings.append(Finding(title: "every behaviour check still passes (\(behaviour.count) of \(Check.behaviour.count))", status: .pass))
        } else {
            grade.findings.append(Finding(
                title: "every behaviour check still passes", status: .fail,
                details: failed.map { "\"\($0[2])\" fails: \($0.count > 3 ? $0[3] : "?")" }))
        }

        for (index, signal) in exercise.signals.enumerated() {
            switch signal {
            case .row(let id):
                let title = "the suite no longer sees `\(id)`"
                guard let line = lines.first(where: { $0.first == "row" && $0.count > 2 && $0[2] == id }) else {
                    grade.findings.append(Finding(title: title, status: .fail, details: ["its check did not run (\(testRun.failure))", testRun.tail(8)], signal: index))
                    continue
                }
                switch line[1] {
                case "fixed":
                    grade.findings.append(Finding(title: title, status: .pass, details: ["\"\(line[3])\" passes: the defect is gone (\(Catalogue.defect(id).summary))"], signal: index))
                case "present":
                    grade.findings.append(Finding(
                        title: title, status: .fail,
                        details: ["\"\(line[3])\" still sees it: \(line.count > 4 ? line[4] : "")", "the defect: \(Catalogue.defect(id).summary)"], signal: index))
                default:
                    grade.findings.append(Finding(
                        title: title, status: .fail,
                        details: ["\"\(line[3])\" failed for another reason: \(line.count > 4 ? line[4] : "")"], signal: index))
                }
            case .race(let id):
                let title = "the race scenario of `\(id)` runs clean under ThreadSanitizer"
                let ran = lines.contains { $0.first == "race" && $0.count > 2 && $0[1] == "ran" && $0[2] == id }
                guard ran else {
                    let error = lines.first { $0.first == "race" && $0.count > 2 && $0[2] == id }.map { $0.count > 4 ? $0[4] : "" }
                    grade.findings.append(Finding(
                        title: title, status: .fail,
                        details: ["the scenario did not finish: \(error ?? raceRuns[id].map(\.failure) ?? "?")"], signal: index))
                    continue
                }
                let attributor = RaceAttributor(catalogue: Catalogue.defects)
                let sources = PackageSourceLines(root: workspace.exercise)
                // The exercise's copy keeps its stage folder's name: its frames are that stage's.
                let stage = Stage.all.first { $0.target == exercise.folder } ?? Stage.all[exercise.stage]
                let findings = (raceReports[id] ?? []).map { attributor.attribute($0, stage: stage, sources: sources) }
                let mine = findings.filter { $0.rows.contains(id) }
                if mine.isEmpty {
                    var details = ["no report on \(Self.properties(of: id)) between \(Self.between(of: id))"]
                    let others = findings.filter { $0.kind != "data race" || !$0.properties.isEmpty }
                    if !others.isEmpty { details.append("other reports (not graded): " + others.map(\.description).joined(separator: " | ")) }
                    grade.findings.append(Finding(title: title, status: .pass, details: details, signal: index))
                } else {
                    grade.findings.append(Finding(
                        title: title, status: .fail,
                        details: mine.prefix(3).map { finding in
                            "a data race on \(finding.properties.sorted().joined(separator: ", ")), between "
                                + finding.contexts.map(Self.words).joined(separator: " and ")
                                + "; at " + finding.topFrames.joined(separator: " and ")
                        } + ["the full reports: Scripts/workbench check --raw"], signal: index))
                    if verbose { mine.forEach { _ in } }
                }
            case .behaviour(let name):
                let title = "the behaviour check \"\(name)\" passes"
                if let line = behaviour.first(where: { $0.count > 2 && $0[2] == name }) {
                    grade.findings.append(Finding(
                        title: title, status: line[1] == "pass" ? .pass : .fail,
                        details: line[1] == "pass" ? [] : ["it fails: \(line.count > 3 ? line[3] : "?")"], signal: index))
                } else {
                    grade.findings.append(Finding(title: title, status: .fail, details: ["it did not run"], signal: index))
                }
            case .builds, .diagnostic: break
            }
        }
        if verbose {
            for (row, reports) in raceReports {
                print("-- raw TSan reports of \(row):")
                reports.forEach { print($0.text) }
            }
        }
        grade.seconds = Date().timeIntervalSince(started)
        return grade
    }

    static func words(_ context: AccessContext) -> String {
        switch context {
        case .main: "the main thread"
        case .task: "a task on the cooperative pool"
        case .queue: "a dispatch queue"
        case .thread: "a thread TSan could not place"
        }
    }

    static func properties(of row: String) -> String {
        if case .threadSanitizer(let properties, _, _) = Catalogue.defect(row).detector { return properties.joined(separator: " or ") }
        return row
    }

    static func between(of row: String) -> String {
        if case .threadSanitizer(_, let between, _) = Catalogue.defect(row).detector {
            return between.map(\.rawValue).sorted().joined(separator: " and ")
        }
        return "?"
    }

    /// Warnings and errors in the exercise's folder, deprecations included.
    static func diagnostics(in output: String, folder: String) -> [Diagnostic] {
        var seen: Set<String> = []
        var result: [Diagnostic] = []
        for line in output.split(separator: "\n") {
            guard let first = line.first, first != " ", first != "|" else { continue }
            for severity in ["error", "warning"] {
                guard let marker = line.range(of: ": \(severity): ") else { continue }
                let location = line[..<marker.lowerBound].split(separator: ":", omittingEmptySubsequences: false)
                guard location.count >= 3, let number = Int(location[location.count - 2]), let column = Int(location[location.count - 1]) else { break }
                let file = location.dropLast(2).joined(separator: ":")
                guard let start = file.range(of: "Sources/\(folder)/") else { break }
                let message = String(line[marker.upperBound...])
                let key = "\(file):\(number):\(column):\(message)"
                if seen.insert(key).inserted {
                    result.append(Diagnostic(
                        path: String(file[start.lowerBound...]), line: number, column: column, severity: severity, message: message))
                }
                break
            }
        }
        return result
    }

    func touchSources(_ exercise: Exercise) {
        let folder = workspace.exercise.appendingPathComponent("Sources/\(exercise.folder)")
        for file in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] {
            try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: folder.appendingPathComponent(file).path)
        }
    }
}

/// One compiler diagnostic in the exercise's folder ("Sources/<folder>/File.swift:12:5").
struct Diagnostic {
    var path: String
    var line: Int
    var column: Int
    var severity: String
    var message: String
}

extension String {
    var lowercasedFirst: String { prefix(1).lowercased() + dropFirst() }
}
