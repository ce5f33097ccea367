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
    /// The grading tests, real Swift files copied into the exercise's test target.
    static let grading = "Kit/Workbench/Grading"
    static let gradingFiles = ["Grading.swift", "ExerciseChecks.swift"]
    static let tsanScratch = ".build-workbench-tsan"

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
        let sources = package.appendingPathComponent("Sources")
        try? fm.removeItem(at: sources)
        try fm.createDirectory(at: sources, withIntermediateDirectories: true)
        let stage = Stage.all[exercise.stage]
        try fm.copyItem(at: path("Sources/\(stage.target)"), to: sources.appendingPathComponent(exercise.folder))
        for module in exercise.modules {
            try fm.copyItem(at: path("Sources/\(module)"), to: sources.appendingPathComponent(module))
        }
        for patch in exercise.startPatches {
            try applyPatch(path(patch), in: package)
        }
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
        // The app package through Kit/'s link, so that its name is not the clone's (see Kit/Package.swift).
        let kit = "CoffeeTrackerKit"
        func product(_ name: String) -> String { ".product(name: \"\(name)\", package: \"\(kit)\")" }
        let flags = exercise.complete ? ", .unsafeFlags([\"-strict-concurrency=complete\"])" : ""
        // A module copied into the exercise is a target of its own; the package above declares
        // one of the same name, so the copy gets another, and the stage's `import` is aliased to it.
        func local(_ module: String) -> String { "Exercise\(module)" }
        let modules = exercise.modules.map { module in
            """
                    .target(name: "\(local(module))", path: "Sources/\(module)", swiftSettings: [.swiftLanguageMode(.v5)]),

            """
        }.joined()
        let aliases = exercise.modules.isEmpty ? ""
            : ", .unsafeFlags([" + exercise.modules.map { "\"-module-alias\", \"\($0)=\(local($0))\"" }.joined(separator: ", ") + "])"
        let appDependencies = exercise.modules.map { "\"\(local($0))\"" }
            + ["HealthKitSim", "WatchKitSim", "CoffeeModel", "Recaffeinater"].filter { !exercise.modules.contains($0) }.map(product)
        let testTargets = exercise.test.map {
            Self.testTargets(for: exercise, test: $0, appDependencies: appDependencies,
                             settings: exercise.mode.settings + flags + aliases, product: product)
        } ?? ""
        if let test = exercise.test { try writeMutant(for: exercise, test: test) }
        let manifest = """
            // swift-tools-version:6.2
            // Written by Scripts/workbench before every check: not yours to edit. The exercise
            // is Sources/\(exercise.folder); the grading tests are in Tests/.
            import PackageDescription

            let package = Package(
                name: "Exercise",
                platforms: [.macOS(.v15)],
                dependencies: [.package(path: "../Kit/\(kit)")],
                targets: [
            \(modules)        .target(
                        name: "Exercise",
                        dependencies: [\(appDependencies.joined(separator: ", "))],
                        path: "Sources/\(exercise.folder)",
                        swiftSettings: [\(exercise.mode.settings)\(flags)\(aliases)]
                    ),
                    .testTarget(
                        name: "ExerciseTests",
                        dependencies: ["Exercise", \(["TrackerSpec", "WatchKitSim", "HealthKitSim", "SimSupport"].map(product).joined(separator: ", "))],
                        path: "Tests/ExerciseTests",
                        swiftSettings: [.swiftLanguageMode(.v5)]
                    ),
            \(testTargets)    ]
            )

            """
        try write(manifest, to: self.exercise.appendingPathComponent("Package.swift"))
        let tests = self.exercise.appendingPathComponent("Tests/ExerciseTests")
        try fm.createDirectory(at: tests, withIntermediateDirectories: true)
        for file in Self.gradingFiles {
            try write(String(contentsOf: path("\(Self.grading)/\(file)"), encoding: .utf8), to: tests.appendingPathComponent(file))
        }
        try write("Written by Scripts/workbench. Edit Sources/\(exercise.folder)/\(exercise.file) (and, where the task says so, the files beside it); the rest is written again at every check.\n",
                  to: self.exercise.appendingPathComponent("README"))
    }

    private func write(_ text: String, to url: URL) throws {
        if (try? String(contentsOf: url, encoding: .utf8)) == text { return }  // keep the build up to date
        try text.write(to: url, atomically: true, encoding: .utf8)
    }
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

    /// The title of a signal's line in a grade (what a wrong answer's "Fails on:" names).
    static func title(of signal: Signal, in exercise: Exercise) -> String {
        switch signal {
        case .builds: "it builds in \(exercise.mode.rawValue)"
        case .diagnostic(let text): "the diagnostic \"\(text)\" is gone"
        case .absent(_, let what): what
        case .untouched: "\(signal)"
        case .row(let id): "the suite no longer sees `\(id)`"
        case .check(let name): "the workbench's check \"\(name)\" passes"
        case .race(let id): "the race scenario of `\(id)` runs clean under ThreadSanitizer"
        case .behaviour(let name): "the behaviour check \"\(name)\" passes"
        case .noTrap: "no runtime check stops the app"
        case .testPasses: "your test passes on stage \(exercise.stage) as it is"
        case .testCatchesMutant: "your test fails on stage \(exercise.stage) with a defect planted (a copy that \(exercise.test?.mutant ?? "?"))"
        case .caught(_, _, let what): what
        }
    }
    static let behaviourTitle = "every behaviour check still passes"

    /// Grades `exercise`: the full grade a learner gets. With `focus` (a wrong answer's
    /// "Fails on:" text, for `verify`), runs only the checks of the lines whose title holds
    /// it, and the behaviour checks only up to their first failure: verify needs that line
    /// to fail for its reason, and a wrong answer that breaks the launch would otherwise
    /// wait out every check's timeout. The build's lines are always graded (they cost nothing).
    func grade(_ exercise: Exercise, focus: String? = nil) -> Grade {
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
        let graded = exercise.graded
        func measured(_ index: Int) -> Bool { focus.map { Self.title(of: graded[index], in: exercise).contains($0) } ?? true }
        let namedBehaviour = graded.indices.contains { index in
            switch graded[index] {
            case .behaviour, .noTrap: measured(index)
            default: false
            }
        }
        let measuresBehaviour = focus.map { Self.behaviourTitle.contains($0) } ?? true || namedBehaviour
        let notMeasured = "not measured: verify grades this wrong answer on the line it names only"

        // Complete diagnostics need every file compiled, not only the edited ones.
        let hasDiagnostic = graded.contains { if case .diagnostic = $0 { true } else { false } }
        if hasDiagnostic { touchSources(exercise) }

        let scratch = "../" + (exercise.usesTSan ? Workspace.tsanScratch : Workspace.scratch)
        let build = shell.run(["swift", "build", "--build-tests", "--scratch-path", scratch]
            + (exercise.usesTSan ? ["--sanitize=thread"] : []))
        let diagnostics = Self.diagnostics(in: build.output, folder: exercise.editedFolder)
        let errors = diagnostics.filter { $0.severity == "error" }
        grade.built = build.succeeded

        for (index, signal) in graded.enumerated() {
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
            case .absent(let pattern, let what):
                let matches = sourceMatches(pattern, in: exercise)
                grade.findings.append(Finding(
                    title: what, status: matches.isEmpty ? .pass : .fail,
                    details: matches.prefix(4).map { "still there: \($0)" }, signal: index))
            case .caught(let change, let text, let what) where build.succeeded:
                grade.findings.append(gradeLaterChange(exercise, change: change, diagnostic: text, what: what, shell: shell, scratch: scratch, signal: index))
            case .untouched(let folder):
                let edited = workspace.edits(to: exercise).filter { $0.hasPrefix(folder + "/") }
                grade.findings.append(Finding(
                    title: "\(signal)", status: edited.isEmpty ? .pass : .fail,
                    details: edited.prefix(4).map { "edited: Exercise/Sources/\($0)" }, signal: index))
            default: break
            }
        }

        guard build.succeeded else {
            if !graded.contains(where: { if case .builds = $0 { true } else { false } }) {
                var details = errors.prefix(6).map { "\($0.path):\($0.line):\($0.column): \($0.message)" }
                if details.isEmpty { details = [build.tail(12)] }
                grade.findings.append(Finding(title: "it builds", status: .fail, details: details))
            }
            for (index, signal) in graded.enumerated() where !grade.findings.contains(where: { $0.signal == index }) {
                grade.findings.append(Finding(title: "\(signal)", status: .notMeasured, details: ["not measured: the exercise does not build"], signal: index))
            }
            if exercise.test == nil {
                grade.findings.append(Finding(title: "every behaviour check still passes", status: .notMeasured, details: ["not measured: the exercise does not build"]))
            }
            grade.seconds = Date().timeIntervalSince(started)
            return grade
        }

        // A test exercise leaves the app as it is: its tests are the learner's, on the stage and on the mutant.
        if let test = exercise.test {
            grade.findings += gradeLearnerTest(exercise, test, shell: shell, scratch: scratch, measured: measured)
            grade.seconds = Date().timeIntervalSince(started)
            return grade
        }

        // The tests: behaviour, the row's defect check, the workbench's checks, then each
        // race scenario on its own.
        let bundle = workspace.root.appendingPathComponent((exercise.usesTSan ? Workspace.tsanScratch : Workspace.scratch) + "/debug/ExercisePackageTests.xctest").path
        let results = tmp.appendingPathComponent("results.txt")
        func runTests(_ run: [String], tsanLogs: URL?) -> ProcessResult {
            // A short backtrace of the crashed thread only: an isolation check that Swift inserted
            // traps with no message of its own on Linux, and its frames say which check it was.
            // Not under TSan, where the backtracer was measured to hang (the grade waited 2 min).
            let backtrace = exercise.usesTSan ? "enable=no" : "enable=yes,interactive=no,color=no,threads=crashed,registers=none,images=none,limit=12"
            var environment = ["WORKBENCH_RUN": run.joined(separator: "|"), "WORKBENCH_RESULTS": results.path, "SWIFT_BACKTRACE": backtrace]
            if focus != nil && !namedBehaviour { environment["WORKBENCH_STOP_AT_FAILURE"] = "1" }
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
        var run: [String] = measuresBehaviour ? ["behaviour"] : []
        for (index, signal) in graded.enumerated() where measured(index) {
            switch signal {
            case .row(let id): run.append("row:\(id)")
            case .check(let name): run.append("check:\(name)")
            default: break
            }
        }
        let ignoredLogs = tmp.appendingPathComponent("ignored-tsan")
        try? FileManager.default.createDirectory(at: ignoredLogs, withIntermediateDirectories: true)
        let testRun = run.isEmpty ? nil : runTests(run, tsanLogs: exercise.usesTSan ? ignoredLogs : nil)
        var raceReports: [String: [TSanReport]] = [:]
        var raceRuns: [String: ProcessResult] = [:]
        for (index, signal) in graded.enumerated() where measured(index) {
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
            $0.split(separator: "\t", omittingEmptySubsequences: false).map { Self.unescaped(String($0)) }
        }
        // Why the tests stopped, when they did not finish: a trap's own message first.
        func stopped(_ result: ProcessResult?) -> [String] { result.map(Self.whyStopped) ?? ["no test ran"] }

        // The behaviour checks: every one must pass.
        let behaviour = lines.filter { $0.first == "behaviour" }
        let failed = behaviour.filter { $0.count > 1 && $0[1] == "fail" }
        if !measuresBehaviour {
            grade.findings.append(Finding(title: Self.behaviourTitle, status: .notMeasured, details: [notMeasured]))
        } else if behaviour.count < Check.behaviour.count && failed.isEmpty {
            let running = Check.behaviour[behaviour.count].name
            grade.findings.append(Finding(
                title: "every behaviour check still passes", status: .fail,
                details: ["the checks stopped in \"\(running)\":"] + stopped(testRun)))
        } else if failed.isEmpty {
            grade.findings.append(Finding(title: "every behaviour check still passes (\(behaviour.count) of \(Check.behaviour.count))", status: .pass))
        } else {
            grade.findings.append(Finding(
                title: "every behaviour check still passes", status: .fail,
                details: failed.map { "\"\($0[2])\" fails: \($0.count > 3 ? $0[3] : "?")" }))
        }

        for (index, signal) in graded.enumerated() {
            if !measured(index) {
                if !grade.findings.contains(where: { $0.signal == index }) {
                    grade.findings.append(Finding(title: Self.title(of: signal, in: exercise), status: .notMeasured, details: [notMeasured], signal: index))
                }
                continue
            }
            switch signal {
            case .row(let id):
                let title = "the suite no longer sees `\(id)`"
                guard let line = lines.first(where: { $0.first == "row" && $0.count > 2 && $0[2] == id }) else {
                    grade.findings.append(Finding(title: title, status: .fail, details: ["its check did not run:"] + stopped(testRun), signal: index))
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
            case .check(let name):
                let title = "the workbench's check \"\(name)\" passes"
                guard let line = lines.first(where: { $0.first == "check" && $0.count > 2 && $0[2] == name }) else {
                    grade.findings.append(Finding(title: title, status: .fail, details: ["it did not run:"] + stopped(testRun), signal: index))
                    continue
                }
                grade.findings.append(Finding(
                    title: title, status: line[1] == "pass" ? .pass : .fail,
                    details: line[1] == "pass" ? [] : ["it fails: \(line.count > 3 ? line[3] : "?")"], signal: index))
            case .race(let id):
                let title = "the race scenario of `\(id)` runs clean under ThreadSanitizer"
                let ran = lines.contains { $0.first == "race" && $0.count > 2 && $0[1] == "ran" && $0[2] == id }
                guard ran else {
                    let error = lines.first { $0.first == "race" && $0.count > 2 && $0[2] == id }.map { $0.count > 4 ? $0[4] : "" }
                    grade.findings.append(Finding(
                        title: title, status: .fail,
                        details: ["the scenario did not finish:"] + (error.map { [$0] } ?? raceRuns[id].map(stopped) ?? ["?"]), signal: index))
                    continue
                }
                let attributor = RaceAttributor(catalogue: Catalogue.defects)
                let sources = PackageSourceLines(root: workspace.exercise)
                // The exercise's copy keeps its stage folder's name: its frames are that stage's.
                let stage = Stage.all.first { $0.target == exercise.folder } ?? Stage.all[exercise.stage]
                let attributed = (raceReports[id] ?? []).map { ($0, attributor.attribute($0, stage: stage, sources: sources)) }
                // The row's race, and any other race on its properties: an answer can move the
                // race to threads the row does not name (the store's queue against a pool thread),
                // and the scenario then still does not run clean.
                let properties = Set(Self.propertyList(of: id))
                let mine = attributed.filter { $0.1.rows.contains(id) || !$0.1.properties.isDisjoint(with: properties) }
                if mine.isEmpty {
                    var details = ["no report on \(Self.properties(of: id))"]
                    let others = attributed.map(\.1).filter { $0.kind != "data race" || !$0.properties.isEmpty }
                    if !others.isEmpty { details.append("other reports (not graded): " + others.map(\.description).joined(separator: " | ")) }
                    grade.findings.append(Finding(title: title, status: .pass, details: details, signal: index))
                } else {
                    grade.findings.append(Finding(
                        title: title, status: .fail,
                        details: mine.prefix(3).map { report, finding in
                            // Threads named only where the catalogue places them: TSan's stack of
                            // a pool thread can end in libdispatch and read like a queue's.
                            "a data race on \(finding.properties.sorted().joined(separator: ", "))"
                                + (finding.rows.contains(id) ? ", between " + finding.contexts.map(Self.words).joined(separator: " and ") : "")
                                + ":\n" + Self.accessLines(report, sources: sources).joined(separator: "\n")
                        } + ["the full reports: Scripts/workbench check --raw"], signal: index))
                }
            case .noTrap:
                let title = Self.title(of: signal, in: exercise)
                if let testRun, testRun.crashed {
                    let running = behaviour.count < Check.behaviour.count ? Check.behaviour[behaviour.count].name : "?"
                    grade.findings.append(Finding(
                        title: title, status: .fail, details: ["it stopped the checks in \"\(running)\":"] + stopped(testRun), signal: index))
                } else {
                    grade.findings.append(Finding(title: title, status: .pass, signal: index))
                }
            case .behaviour(let name):
                let title = "the behaviour check \"\(name)\" passes"
                if let line = behaviour.first(where: { $0.count > 2 && $0[2] == name }) {
                    grade.findings.append(Finding(
                        title: title, status: line[1] == "pass" ? .pass : .fail,
                        details: line[1] == "pass" ? [] : ["it fails: \(line.count > 3 ? line[3] : "?")"], signal: index))
                } else {
                    grade.findings.append(Finding(title: title, status: .fail, details: ["it did not run:"] + stopped(testRun), signal: index))
                }
            case .builds, .diagnostic, .absent, .untouched, .testPasses, .testCatchesMutant, .caught: break
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

    /// Each racing access as the learner finds it: "write  Exercise/Sources/…/File.swift:97:  anchor = newAnchor".
    /// A property's getter or setter has no line of its own: the access is on its caller's line.
    static func accessLines(_ report: TSanReport, sources: some SourceLineReading) -> [String] {
        report.accesses.prefix(2).map { access in
            guard let racing = access.frames.firstIndex(where: { !$0.isRuntime }) else { return "  \(access.kind)  (no stack)" }
            let frame = access.frames[racing...].first { $0.packageSourcePath != nil && $0.line != nil } ?? access.frames[racing]
            guard let path = frame.packageSourcePath, let number = frame.line else {
                return "  \(access.kind)  \(frame.racingLocation)"
            }
            // The exercise's files are under Exercise/; the simulators' and checks' are the kit's.
            let shown = (frame.file ?? "").contains("/Exercise/Sources/") ? "Exercise/\(path)" : path
            let code = sources.line(number, of: path).map { ":  " + $0.trimmingCharacters(in: .whitespaces) } ?? ""
            return "  \(access.kind)  \(shown):\(number)\(code)"
        }
    }

    /// Undoes Grading.swift's escapes (backslash, tab, newline).
    static func unescaped(_ field: String) -> String {
        guard field.contains("\\") else { return field }
        var result = ""
        var escaping = false
        for character in field {
            if escaping {
                result.append(character == "n" ? "\n" : character == "t" ? "\t" : character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// The lines of a runtime trap's message: Swift's and Dispatch's own words for it.
    static let trapMarkers = [
        "SWIFT TASK CONTINUATION MISUSE", "Fatal error", "Incorrect actor executor assumption",
        "BUG IN CLIENT OF LIBDISPATCH", "Precondition failed", "Assertion failed",
    ]

    /// Why a test process stopped: a trap's message first, then how it ended, then the end
    /// of its output without stack addresses.
    static func whyStopped(_ result: ProcessResult) -> [String] {
        let lines = result.output.split(separator: "\n").map(String.init)
        let traps = lines.filter { line in trapMarkers.contains { line.contains($0) } }
        var why = Array(traps.prefix(2))
        why.append(result.crashed ? "the test process was \(result.failure)\(traps.isEmpty ? "" : " (the trap above)")" : "the test process ended: \(result.failure)")
        let frames = crashedFrames(lines)
        if !frames.isEmpty {
            why.append("where, innermost first:\n" + frames.prefix(8).joined(separator: "\n"))
        } else if traps.isEmpty {
            let readable = lines.filter { $0.range(of: #"0x[0-9a-fA-F]{6,}"#, options: .regularExpression) == nil }
            why.append("the end of its output:\n" + readable.suffix(8).joined(separator: "\n"))
        }
        return why
    }

    /// The crashed thread's functions in Swift's backtrace, whose frame lines read
    /// "  6 [ra] [thunk] 0x000055… protocol witness for P.f() in conformance C + 94 in Module"
    /// and, for code with debug information, " at /path/File.swift:34:23".
    static func crashedFrames(_ lines: [String]) -> [String] {
        let frame = #/\s*\d+\s+(?:\[[a-z]+\]\s+)*0x[0-9a-fA-F]+\s+(.+?) \+ \d+ in (\S+)(?: at (\S+))?/#
        return lines.compactMap { line in
            guard let match = try? frame.wholeMatch(in: line) else { return nil }
            // A source line says more than the test bundle's name; the package's path is noise.
            let place = match.3.map { path in path.range(of: "Sources/").map { String(path[$0.lowerBound...]) } ?? String(path) }
            return "  \(match.1) (\(place.map { $0.contains("<compiler-generated>") ? "compiler-generated" : $0 } ?? String(match.2)))"
        }
    }

    /// "File.swift:12: the line" for each line of the exercise's sources that matches.
    func sourceMatches(_ pattern: String, in exercise: Exercise) -> [String] {
        let folder = workspace.exercise.appendingPathComponent("Sources/\(exercise.editedFolder)")
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return ["the pattern \(pattern) is not a regular expression"] }
        var found: [String] = []
        for file in ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted() where file.hasSuffix(".swift") {
            let text = (try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)) ?? ""
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let line = String(line)
                if regex.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil {
                    found.append("Exercise/Sources/\(exercise.editedFolder)/\(file):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        return found
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
        propertyList(of: row).joined(separator: " or ")
    }

    static func propertyList(of row: String) -> [String] {
        if case .threadSanitizer(let properties, _, _) = Catalogue.defect(row).detector { return properties }
        return []
    }

    /// Warnings and errors in the exercise's folder, deprecations included.
    /// Type-checks the exercise's folder together with a later change (a file the package
    /// does not build), against the modules the grade's build just made: it takes a second,
    /// and the learner's copy is not touched.
    func gradeLaterChange(_ exercise: Exercise, change: String, diagnostic text: String, what: String,
                          shell: Shell, scratch: String, signal: Int) -> Finding {
        let folder = workspace.exercise.appendingPathComponent("Sources/\(exercise.folder)")
        let sources = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".swift") }.sorted().map { folder.appendingPathComponent($0).path }
        let changeFile = workspace.path(change).path
        let modules = workspace.exercise.appendingPathComponent("\(scratch)/debug/Modules").standardizedFileURL.path
        let cHeaders = workspace.exercise.appendingPathComponent("Sources/TSanHooks/include").path
        let check = shell.run(
            ["swiftc", "-typecheck", "-module-name", exercise.folder, "-I", modules, "-I", cHeaders]
                + exercise.mode.swiftcFlags + (exercise.complete ? ["-strict-concurrency=complete"] : [])
                + sources + [changeFile])
        let named = check.output.split(separator: "\n").filter {
            $0.hasPrefix(changeFile + ":") && ($0.contains(": error: ") || $0.contains(": warning: ")) && $0.contains(text)
        }
        guard named.isEmpty else { return Finding(title: what, status: .pass, signal: signal) }
        return Finding(title: what, status: .fail, details: [
            "the compiler says nothing about the later change in \(change)",
            "expected a diagnostic containing \"\(text)\"",
        ], signal: signal)
    }

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
