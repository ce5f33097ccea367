import Foundation
import Manifest
import MatrixKit

/// An exercise where the learner writes a test (`Exercise.test`): the stage as it is, the
/// learner's test target beside it, and a copy of the stage with the exercise's defect
/// planted that the same tests run on. The app is not the answer: no behaviour check or
/// explored day grades it.
struct TestRoom: Room {
    let exercise: Exercise
    let test: LearnerTest
    var scratch: String { AppRoom(exercise: exercise).scratch }
    var runsApp: Bool { false }
    var startsFrom: String { AppRoom(exercise: exercise).startsFrom }
    var listed: String { AppRoom(exercise: exercise).listed }

    func startingState(in package: URL, _ workspace: Workspace) throws {
        try AppRoom(exercise: exercise).startingState(in: package, workspace)
    }

    func writePackage(_ workspace: Workspace) throws {
        try workspace.writeMutant(for: exercise, test: test)
        try workspace.write(AppRoom.manifest(exercise, name: "Exercise", kitPath: "../Kit", gradingTests: true, extra: [learnerTarget]),
                            in: workspace.exercise)
        try workspace.writeGradingTests(Workspace.gradingFiles.map { "\(Workspace.grading)/\($0)" },
                                        to: workspace.exercise.appendingPathComponent("Tests/ExerciseTests"))
        try workspace.writeReadme(exercise, besides: " (and, where the task says so, the files beside it)")
    }

    func grade(_ run: GradingRun, into grade: inout Grade) {
        grade.findings += run.grader.gradeLearnerTest(exercise, test, shell: run.shell, scratch: run.scratch, measured: run.measured)
    }

    /// The learner's tests, in the Swift 6 mode, as a new test file would be.
    var learnerTarget: ManifestText.Target {
        ManifestText.Target(.testTarget, test.folder, dependencies: [.target("Exercise")] + AppRoom.testProducts,
                            path: "Sources/\(test.folder)", settings: [.languageMode("6")])
    }
}

extension Workspace {
    /// The mutant copy is a package of its own, Exercise/Mutant, written again before every
    /// check: the stage as the start made it with mutant.patch applied, as a target named
    /// `Exercise` like the stage's, and the learner's tests as they are. Module, types and
    /// test target carry the same names as on the stage, so that only behaviour tells them apart.
    static let mutant = "Mutant"
    static let mutantScratch = ".build-workbench-mutant"

    /// Writes Exercise/Mutant. Files are written only where they changed, so that a check
    /// after an edit to the test rebuilds the tests, not the mutant module.
    func writeMutant(for exercise: Exercise, test: LearnerTest) throws {
        let fresh = fm.temporaryDirectory.appendingPathComponent("workbench-mutant-\(getpid())")
        try? fm.removeItem(at: fresh)
        defer { try? fm.removeItem(at: fresh) }
        try exercise.room.startingState(in: fresh, self)
        try applyPatch(path(exercise.mutantPatch), in: fresh)
        let package = self.exercise.appendingPathComponent(Self.mutant)
        let mutant = package.appendingPathComponent("Sources")
        try mirror(fresh.appendingPathComponent("Sources/\(exercise.folder)"), to: mutant.appendingPathComponent(exercise.folder))
        try mirror(self.exercise.appendingPathComponent("Sources/\(test.folder)"), to: mutant.appendingPathComponent(test.folder))
        var manifest = AppRoom.manifest(exercise, name: "ExerciseMutant", kitPath: "../../Kit", gradingTests: false,
                                        extra: [TestRoom(exercise: exercise, test: test).learnerTarget])
        manifest.comment = ["Written by Scripts/workbench before every check: the stage with a defect planted,",
                            "under the stage's own module name, and your tests as they are."]
        try fm.createDirectory(at: package, withIntermediateDirectories: true)
        try write(manifest, in: package)
    }

    /// Makes `target` hold `source`'s Swift files.
    private func mirror(_ source: URL, to target: URL) throws {
        try fm.createDirectory(at: target, withIntermediateDirectories: true)
        let wanted = ((try? fm.contentsOfDirectory(atPath: source.path)) ?? []).filter { $0.hasSuffix(".swift") }
        for file in (try? fm.contentsOfDirectory(atPath: target.path)) ?? [] where !wanted.contains(file) {
            try fm.removeItem(at: target.appendingPathComponent(file))
        }
        for file in wanted {
            let text = try String(contentsOf: source.appendingPathComponent(file), encoding: .utf8)
            let url = target.appendingPathComponent(file)
            if (try? String(contentsOf: url, encoding: .utf8)) != text {
                try text.write(to: url, atomically: true, encoding: .utf8)
            }
        }
    }
}

extension Grader {
    /// Grades a test exercise's two lines: the learner's tests pass on the stage, and fail on
    /// every mutant. Runs only the lines `measured` selects.
    func gradeLearnerTest(_ exercise: Exercise, _ test: LearnerTest, shell: Shell, scratch: String,
                          measured: (Int) -> Bool) -> [Finding] {
        var findings: [Finding] = []
        for (index, signal) in exercise.graded.enumerated() {
            let title = Self.title(of: signal, in: exercise)
            switch signal {
            case .testPasses, .testCatchesMutant:
                guard measured(index) else {
                    findings.append(Finding(signal.subject, .notMeasured, title: title,
                                            details: ["not measured: verify grades this wrong answer on the line it names only"]))
                    continue
                }
                if case .testCatchesMutant = signal {
                    findings.append(gradeOnMutants(exercise, test, title: title, subject: signal.subject))
                    continue
                }
                let run = TestRun(shell.run(
                    ["swift", "test", "--skip-build", "--scratch-path", scratch, "--disable-xctest", "--filter", "^\(test.folder)\\."],
                    environment: ["SWIFT_BACKTRACE": "enable=no"], timeout: 300))
                if let stopped = run.stopped {
                    findings.append(Finding(signal.subject, .fail, title: title,
                                            details: ["the test process stopped before the run ended:"] + stopped))
                } else if run.count == 0 {
                    findings.append(Finding(signal.subject, .fail, title: title,
                                            details: ["no test ran: \(exercise.file) holds no `@Test` function"]))
                } else {
                    findings.append(Finding(signal.subject, run.passed ? .pass : .fail, title: title,
                        details: run.passed ? [] : ["it fails on the app as it is, which keeps the behaviour: it proves nothing about the defect"] + run.issues))
                }
            default: break
            }
        }
        return findings
    }

    /// Builds the mutant package once, then runs the learner's tests on each mutant in a
    /// process of its own: the test must fail on every one.
    private func gradeOnMutants(_ exercise: Exercise, _ test: LearnerTest, title: String, subject: Subject) -> Finding {
        let package = workspace.exercise.appendingPathComponent(Workspace.mutant)
        let mutantShell = Shell(directory: package, scratch: FileManager.default.temporaryDirectory)
        let scratch = "../../" + Workspace.mutantScratch
        let build = mutantShell.run(["swift", "build", "--build-tests", "--scratch-path", scratch])
        guard build.succeeded else {
            return Finding(subject, .fail, title: title, details: ["the copy with the defects planted does not build:", build.tail(12)])
        }
        var passedOn: [LearnerTest.Mutant] = []
        var details: [String] = []
        for mutant in test.mutants {
            let run = TestRun(mutantShell.run(
                ["swift", "test", "--skip-build", "--scratch-path", scratch, "--disable-xctest", "--filter", "^\(test.folder)\\."],
                environment: ["SWIFT_BACKTRACE": "enable=no", "WORKBENCH_MUTANT": mutant.name], timeout: 300))
            if run.stopped != nil || !run.passed {
                // A test that stops the process fails; on a mutant that is what it must do.
                details.append("on the copy that \(mutant.words): it fails, as it must")
            } else {
                passedOn.append(mutant)
            }
        }
        if passedOn.isEmpty { return Finding(subject, .pass, title: title, details: details) }
        return Finding(subject, .fail, title: title, details: passedOn.map {
            "your test passes on the copy that \($0.words): it cannot tell that app from a working one"
        } + details)
    }
}

/// What one `swift test` run of the learner's tests showed.
struct TestRun {
    /// How many tests ran ("Test run with N tests"); 0 when none matched.
    var count = 0
    var passed: Bool
    /// Why the process stopped, when it ended before the run's last line (a trap, say).
    var stopped: [String]?
    /// The issues Swift Testing recorded, one line each, with the lines that explain them.
    var issues: [String] = []

    init(_ result: ProcessResult) {
        let lines = result.output.split(separator: "\n").map(String.init)
        if let summary = lines.last(where: { $0.contains("Test run with ") }),
           let range = summary.range(of: #"Test run with (\d+) test"#, options: .regularExpression) {
            count = Int(summary[range].split(separator: " ")[3]) ?? 0
        } else {
            stopped = Grader.whyStopped(result)
        }
        passed = result.succeeded && count > 0
        for (offset, line) in lines.enumerated() where line.contains("recorded an issue") {
            issues.append(line)
            issues += lines[(offset + 1)...].prefix { $0.hasPrefix("↳") }.prefix(4)
        }
    }
}
