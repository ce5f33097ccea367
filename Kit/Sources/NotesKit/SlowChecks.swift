import Foundation
import MatrixKit
import TrackerSpec

/// The checks that build or run: captured compiler diagnostics (from a scratch copy of the
/// package, patched into the state the note describes), ThreadSanitizer reports, and the
/// `tracker` commands the notes tell readers to type.
public final class SlowChecks {
    public let package: PackageFacts
    let scratch: URL
    private let progress: (String) -> Void
    /// Check only the compiler and migrate blocks (what a newer toolchain may word differently),
    /// and the blocks that name a least toolchain (`swift=6.4`), which only a newer one runs.
    public var compilerOnly = false
    /// Check only the blocks that name a least toolchain (`--gated-only`, CI's newest-toolchain job).
    public var gatedOnly = false
    /// The toolchain that decides which `swift=X.Y` blocks run (ToolchainGate.swift).
    public var toolchain: SwiftVersion? = SwiftVersion.onPath
    /// Each block skipped because it needs a newer toolchain: where, and why.
    public private(set) var notRunHere: [String] = []

    public init(package: PackageFacts, scratch: URL, progress: @escaping (String) -> Void = { _ in }) {
        self.package = package
        self.scratch = scratch
        self.progress = progress
    }

    public func check(_ note: Note) -> [Problem] {
        var problems: [Problem] = []
        for fence in note.fences where !fence.isIllustration {
            if compilerOnly && fence.value("compiler") == nil && fence.value("migrate") == nil && fence.minimumSwift == nil { continue }
            if gatedOnly && fence.minimumSwift == nil { continue }
            if let why = ToolchainGate.notRunHere(fence, toolchain: toolchain) {
                // Not "NOTE:LINE: …" first: compare-diagnostics counts such lines as differences.
                notRunHere.append("not run here: \(note.path):\(fence.line): \(why)")
                progress("\(note.path):\(fence.line) not run here: \(why)")
                continue
            }
            if let target = fence.value("migrate") {
                progress("\(note.path):\(fence.line) migrate \(target)")
                problems += checkMigrate(fence, target: target, in: note)
            } else if let target = fence.value("compiler") {
                progress("\(note.path):\(fence.line) compiler \(target)")
                problems += checkCompiler(fence, target: target, in: note)
            } else if let testTarget = fence.value("suite") {
                progress("\(note.path):\(fence.line) suite \(testTarget)")
                problems += checkSuite(fence, testTarget: testTarget, in: note)
            } else if let stage = fence.value("timeline") {
                progress("\(note.path):\(fence.line) timeline \(stage)")
                problems += checkTimeline(fence, stage: stage, in: note)
            } else if let target = fence.value("tsan") {
                progress("\(note.path):\(fence.line) tsan \(target)")
                problems += checkTSan(fence, target: target, in: note)
            } else if let probe = fence.value("output") {
                progress("\(note.path):\(fence.line) probe \(probe)")
                problems += Probes.run(fence, in: note, root: package.root)
            } else if fence.language == "sh" && fence.info.contains("run") {
                for command in QuickChecks.trackerCommands(in: fence) {
                    progress("\(note.path):\(fence.line) tracker \(command.arguments.joined(separator: " "))")
                    let result = run([trackerPath()] + command.arguments, in: package.root)
                    if result.status != 0 {
                        problems.append(Problem(note.path, fence.line + 1 + command.offset,
                            "tracker \(command.arguments.joined(separator: " ")) exits \(result.status): \(result.output.prefix(200))"))
                    }
                }
            }
        }
        return problems
    }

    // MARK: Compiler diagnostics

    func checkCompiler(_ fence: Note.Fence, target: String, in note: Note) -> [Problem] {
        let problem = { (message: String) in [Problem(note.path, fence.line, message)] }
        guard package.stageTargets.contains(target) || package.exists("Sources/\(target)") else {
            return problem("no target \(target)")
        }
        // One scratch copy per set of flags: SwiftPM does not rebuild a module when only
        // -Xswiftc flags change, so a shared copy would print the last flags' diagnostics.
        let flags = fence.value("flags") ?? ""
        let scratch = self.scratch.appendingPathComponent(flags.isEmpty ? "default" : flags.filter { $0.isLetter || $0.isNumber || $0 == "-" })
        if let failure = prepareState(fence, in: scratch) { return problem(failure) }
        // Recompile the target itself, so that its diagnostics are printed again.
        let touched = run(["sh", "-c", "touch Sources/\(target)/*.swift"], in: scratch)
        if touched.status != 0 { return problem("could not touch \(target)'s sources: \(touched.output)") }
        var command = ["swift", "build", "--target", target]
        for flag in flags.split(separator: ",") where !flag.isEmpty {
            command += ["-Xswiftc", String(flag)]
        }
        var build = run(command, in: scratch)
        let expected = fence.content.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        // Seen now and then: a quoted diagnostic missing from one build and printed by the
        // next, likely a recompile skipped for a file touched within the same second as
        // the last build. Before judging a missing line, touch again a second later and
        // compile once more, one job at a time.
        let printed = { (output: String) in Set(output.components(separatedBy: "\n").compactMap(Self.normalisedDiagnostic)) }
        if expected != ["(no diagnostics)"], !expected.allSatisfy(printed(build.output).contains) {
            _ = run(["sh", "-c", "sleep 1.1 && touch Sources/\(target)/*.swift"], in: scratch)
            build = run(command + ["--jobs", "1"], in: scratch)
        }
        let output = build.output
        let diagnostics = printed(output)
        if expected == ["(no diagnostics)"] {
            // Silence proves nothing unless the target compiled, and the build succeeded.
            if let missing = Self.compileProofMissing(target: target, status: build.status, output: output) {
                return problem("(no diagnostics) needs a successful compile of \(target): \(missing)")
            }
            let ours = diagnostics.filter { $0.hasPrefix("Sources/\(target)/") }
            return ours.isEmpty ? [] : problem("\(target) now has diagnostics: \(ours.sorted().prefix(3))")
        }
        var problems = expected.filter { !diagnostics.contains($0) }.map {
            Problem(note.path, fence.line, "the compiler no longer says: \($0)")
        }
        problems += Self.countProblems(fence, target: target, diagnostics: diagnostics).map {
            Problem(note.path, fence.line, $0)
        }
        // A block shows all the target's diagnostics unless it says it is an excerpt: one
        // deleted from the note is then caught too.
        if !fence.info.contains("excerpt") {
            let ours = diagnostics.filter { $0.hasPrefix("Sources/\(target)/") && !$0.contains("is deprecated") }
            problems += ours.subtracting(expected).sorted().map {
                Problem(note.path, fence.line, "the compiler also says (mark the block `excerpt` if it shows some only): \($0)")
            }
        }
        return problems
    }

    /// Where an excerpt says how many errors or warnings the build prints (`errors=N`,
    /// `warnings=N`: in TARGET's files, deprecations aside), the counts that differ. The
    /// prose beside it may then state the figure (`Figures`).
    public static func countProblems(_ fence: Note.Fence, target: String, diagnostics: Set<String>) -> [String] {
        Figures.Kind.allCases.compactMap { kind in
            guard let word = fence.value(kind.rawValue) else { return nil }
            guard let expected = Int(word) else { return "\(kind.rawValue)=\(word) is not a number" }
            let marker = kind == .errors ? ": error: " : ": warning: "
            let measured = diagnostics.filter {
                $0.hasPrefix("Sources/\(target)/") && $0.contains(marker) && !$0.contains("is deprecated")
            }.count
            return measured == expected ? nil : "the block says \(kind.rawValue)=\(expected); the build prints \(measured)"
        }
    }

    /// Why a build's output does not prove that it compiled `target` and succeeded; `nil`
    /// when it does: exit status 0, a compile job of the target in the log, and SwiftPM's
    /// "Build of target: 'TARGET' complete!".
    public static func compileProofMissing(target: String, status: Int32, output: String) -> String? {
        if status != 0 { return "the build failed (exit \(status))" }
        if !output.contains("Compiling \(target) ") { return "the build log shows no compile job of \(target)" }
        if !output.contains("Build of target: '\(target)' complete!") { return "the build did not report \(target) complete" }
        return nil
    }

    /// Resets `scratch` to the package, then builds the state the fence names: with
    /// `copy=A..B`, stage B's folder replaced by a copy of stage A's (the state right after
    /// copying a stage to start the next); then `patch=` applied. Returns what went wrong.
    func prepareState(_ fence: Note.Fence, in scratch: URL) -> String? {
        do {
            try resetScratch(scratch)
        } catch {
            return "could not prepare a scratch copy: \(error)"
        }
        if let copy = fence.value("copy") {
            let ends = copy.components(separatedBy: "..")
            guard ends.count == 2, let a = package.stage(named: ends[0]), let b = package.stage(named: ends[1]) else {
                return "copy=A..B needs two stages, not \(copy)"
            }
            let copied = run(["sh", "-c", "rm -rf Sources/\(b.target) && cp -R Sources/\(a.target) Sources/\(b.target)"], in: scratch)
            if copied.status != 0 { return "could not copy \(a.target) to \(b.target): \(copied.output)" }
        }
        if let patch = fence.value("patch") {
            guard package.exists(patch) else { return "no patch \(patch)" }
            let applied = run(["patch", "-p1", "-s", "-i", package.url(patch).path], in: scratch)
            if applied.status != 0 { return "\(patch) no longer applies: \(applied.output.prefix(300))" }
        }
        return nil
    }

    // MARK: swift package migrate

    /// Runs `swift package migrate --target TARGET --to-feature FEATURES` on the state the
    /// fence names; every line of the block must be in its output (paths from `Sources/`,
    /// durations such as "(0.004s)" ignored). With `edits=none`, migrate must change no
    /// file of the manifest or TARGET; with `edits=PATCH`, exactly what PATCH changes.
    func checkMigrate(_ fence: Note.Fence, target: String, in note: Note) -> [Problem] {
        let problem = { (message: String) in [Problem(note.path, fence.line, message)] }
        guard let features = fence.value("features") else { return problem("a migrate block needs features=A,B") }
        let scratch = self.scratch.appendingPathComponent("migrate")
        if let failure = prepareState(fence, in: scratch) { return problem(failure) }
        _ = run(["sh", "-c", "touch Sources/\(target)/*.swift"], in: scratch)
        let before = snapshot(scratch, target: target)
        let output = run(["swift", "package", "migrate", "--target", target, "--to-feature", features], in: scratch).output
        let after = snapshot(scratch, target: target)
        let printed = Set(output.components(separatedBy: "\n").map(Self.normalisedMigrateLine))
        var problems = fence.content.map(Self.normalisedMigrateLine).filter { !$0.isEmpty && !printed.contains($0) }.map {
            Problem(note.path, fence.line, "migrate no longer prints: \($0)")
        }
        if let edits = fence.value("edits") {
            var expected = before
            if edits != "none" {
                // The same state again, with the patch applied instead of migrate's edits.
                guard package.exists(edits) else { return problems + problem("no patch \(edits)") }
                if let failure = prepareState(fence, in: scratch) { return problems + problem(failure) }
                let applied = run(["patch", "-p1", "-s", "-i", package.url(edits).path], in: scratch)
                if applied.status != 0 { return problems + problem("\(edits) does not apply: \(applied.output.prefix(300))") }
                expected = snapshot(scratch, target: target)
            }
            let changed = Set(after.keys).union(expected.keys).filter { after[$0] != expected[$0] }.sorted()
            if !changed.isEmpty {
                problems.append(Problem(note.path, fence.line, "migrate's edits differ from edits=\(edits) in: \(changed.joined(separator: ", "))"))
            }
        }
        return problems
    }

    /// The manifest and the target's sources, by path.
    private func snapshot(_ scratch: URL, target: String) -> [String: String] {
        var files: [String: String] = [:]
        let folder = "Sources/\(target)"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: scratch.appendingPathComponent(folder).path)) ?? []
        for path in ["Package.swift"] + names.map({ "\(folder)/\($0)" }) {
            files[path] = try? String(contentsOf: scratch.appendingPathComponent(path), encoding: .utf8)
        }
        return files
    }

    /// A line of migrate's output as a note quotes it: trimmed, the path before `Sources/`
    /// dropped, durations dropped.
    public static func normalisedMigrateLine(_ line: String) -> String {
        var text = line.trimmingCharacters(in: .whitespaces)
        if let start = text.range(of: "/Sources/") { text = String(text[text.index(after: start.lowerBound)...]) }
        return text.replacingOccurrences(of: #" ?\(\d+(\.\d+)?s\)"#, with: "", options: .regularExpression)
    }

    /// "/tmp/x/Sources/A/B.swift:3:4: error: text [#Group]" -> "Sources/A/B.swift:3:4: error: text"
    static func normalisedDiagnostic(_ line: String) -> String? {
        guard let start = line.range(of: "Sources/"), line.contains(": warning: ") || line.contains(": error: ") else { return nil }
        var text = String(line[start.lowerBound...])
        if let group = text.range(of: #" \[#[A-Za-z]+\]$"#, options: .regularExpression) { text.removeSubrange(group) }
        return text.trimmingCharacters(in: .whitespaces)
    }

    /// A copy of the package's manifest and sources, keeping its own .build between uses.
    private func resetScratch(_ scratch: URL) throws {
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        // Not Kit/: the kit's own tools are a package of their own, which the notes never build.
        for item in ["Package.swift", "Sources", "Tests"] {
            let destination = scratch.appendingPathComponent(item)
            if FileManager.default.fileExists(atPath: destination.path) { try FileManager.default.removeItem(at: destination) }
            // cp -p keeps modification times, so unchanged modules are not rebuilt.
            let copied = run(["cp", "-Rp", package.url(item).path, destination.path], in: scratch)
            if copied.status != 0 { throw CheckError(copied.output) }
        }
    }

    // MARK: ThreadSanitizer

    func checkTSan(_ fence: Note.Fence, target: String, in note: Note) -> [Problem] {
        let problem = { (message: String) in [Problem(note.path, fence.line, message)] }
        guard let stage = package.stage(named: target) else { return problem("no stage \(target)") }
        guard let race = fence.value("race"), Catalogue.defects.contains(where: { $0.id == race }) else {
            return problem("a tsan block needs race=ROW naming a catalogue row")
        }
        guard Check.races.contains(where: { $0.defect == race }) else {
            return problem("no race scenario for \(race): a tsan block needs one to run")
        }
        let expected = fence.content.map { $0.trimmingCharacters(in: .whitespaces) }
        let quoted = QuotedReport.all(in: expected)
        if expected != ["(no report)"] {
            guard !quoted.isEmpty, quoted.allSatisfy({ $0.accesses.allSatisfy { !$0.locations.isEmpty } }) else {
                return problem("a tsan block must quote each access's header and its frames as Sources/...swift:LINE")
            }
        }
        var reports: [TSanReport]
        do {
            reports = try runRaceScenario(race, stage: stage)
            // TSan itself misses a race now and then on a loaded machine (a report with no
            // race at all, never a different one): up to two more runs, as LLVM's own TSan
            // tests rerun, and said aloud. A race that is really gone fails all three.
            for rerun in 1...2 where expected != ["(no report)"] && !reports.contains(where: \.isRace) {
                progress("\(note.path):\(fence.line): \(race) reported no race; run \(rerun + 1) of 3")
                reports = try runRaceScenario(race, stage: stage)
            }
        } catch {
            return problem("could not run the race scenario: \(error)")
        }
        if expected == ["(no report)"] {
            return reports.isEmpty ? [] : problem("\(target) now reports a race in \(race)")
        }
        return quoted.enumerated().compactMap { index, report in
            report.mismatch(in: reports).map { Problem(note.path, fence.line, "TSan no longer reports race \(index + 1) of this block: \($0)") }
        }
    }

    private var tsanLaunch: TestLaunch?

    /// Runs one race scenario of one stage under TSan (built once); returns its reports.
    private func runRaceScenario(_ race: String, stage: Stage) throws -> [TSanReport] {
        let runner = RaceScenarioRunner(shell: Shell(directory: package.root, scratch: FileManager.default.temporaryDirectory))
        if tsanLaunch == nil {
            progress("building the tests with ThreadSanitizer")
            do {
                tsanLaunch = try runner.build()
            } catch {
                throw CheckError("swift build --sanitize=thread failed: \(error)")
            }
        }
        switch runner.reports(scenario: race, stage: stage, launch: tsanLaunch!) {
        case .success(let reports): return reports
        case .failure(let failure): throw CheckError("\(failure.what)\n\(failure.output)")
        }
    }

    private var trackerBuilt: String?

    func trackerPath() -> String {
        if let trackerBuilt { return trackerBuilt }
        _ = run(["swift", "build", "--product", "tracker"], in: package.root)
        let bin = run(["swift", "build", "--show-bin-path"], in: package.root).output.trimmingCharacters(in: .whitespacesAndNewlines)
        let path = bin.split(separator: "\n").last.map(String.init).map { $0 + "/tracker" } ?? "tracker"
        trackerBuilt = path
        return path
    }
}

struct CheckError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
