import Foundation
import MatrixKit

// An exercise where the learner writes a test (`Exercise.test`): the learner's test target,
// and a copy of the stage with the exercise's defect planted that the same tests run on.

extension Workspace {
    /// The mutant copy lives in Exercise/Mutant, written again before every check: the stage
    /// as the start made it with mutant.patch applied, and the learner's tests with
    /// `import Exercise` made `import ExerciseMutant`.
    static let mutant = "Mutant"

    /// The manifest's extra targets for a test exercise: the mutant module and the two test
    /// targets (the learner's tests in the Swift 6 mode, as a new test file would be).
    static func testTargets(for exercise: Exercise, test: LearnerTest, appDependencies: [String], settings: String,
                            product: (String) -> String) -> String {
        let testProducts = ["TrackerSpec", "WatchKitSim", "HealthKitSim", "SimSupport"].map(product).joined(separator: ", ")
        return """
                    .target(
                        name: "ExerciseMutant",
                        dependencies: [\(appDependencies.joined(separator: ", "))],
                        path: "\(mutant)/Sources/\(exercise.folder)",
                        swiftSettings: [\(settings)]
                    ),
                    .testTarget(
                        name: "\(test.folder)",
                        dependencies: ["Exercise", \(testProducts)],
                        path: "Sources/\(test.folder)",
                        swiftSettings: [.swiftLanguageMode(.v6)]
                    ),
                    .testTarget(
                        name: "\(test.mutantTarget)",
                        dependencies: ["ExerciseMutant", \(testProducts)],
                        path: "\(mutant)/Sources/\(test.folder)",
                        swiftSettings: [.swiftLanguageMode(.v6)]
                    ),

            """
    }

    /// Writes Exercise/Mutant. Files are written only where they changed, so that a check
    /// after an edit to the test rebuilds the tests, not the mutant module.
    func writeMutant(for exercise: Exercise, test: LearnerTest) throws {
        let fresh = fm.temporaryDirectory.appendingPathComponent("workbench-mutant-\(getpid())")
        try? fm.removeItem(at: fresh)
        defer { try? fm.removeItem(at: fresh) }
        try startingState(of: exercise, in: fresh)
        try applyPatch(path(exercise.mutantPatch), in: fresh)
        let mutant = self.exercise.appendingPathComponent("\(Self.mutant)/Sources")
        try mirror(fresh.appendingPathComponent("Sources/\(exercise.folder)"), to: mutant.appendingPathComponent(exercise.folder)) { $0 }
        try mirror(self.exercise.appendingPathComponent("Sources/\(test.folder)"), to: mutant.appendingPathComponent(test.folder)) { text in
            text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                line.trimmingCharacters(in: .whitespaces).hasSuffix("import Exercise")
                    ? line.replacingOccurrences(of: "import Exercise", with: "import ExerciseMutant") : String(line)
            }.joined(separator: "\n")
        }
    }

    /// Makes `target` hold `source`'s Swift files, each passed through `transform`.
    private func mirror(_ source: URL, to target: URL, _ transform: (String) -> String) throws {
        try fm.createDirectory(at: target, withIntermediateDirectories: true)
        let wanted = ((try? fm.contentsOfDirectory(atPath: source.path)) ?? []).filter { $0.hasSuffix(".swift") }
        for file in (try? fm.contentsOfDirectory(atPath: target.path)) ?? [] where !wanted.contains(file) {
            try fm.removeItem(at: target.appendingPathComponent(file))
        }
        for file in wanted {
            let text = transform(try String(contentsOf: source.appendingPathComponent(file), encoding: .utf8))
            let url = target.appendingPathComponent(file)
            if (try? String(contentsOf: url, encoding: .utf8)) != text {
                try text.write(to: url, atomically: true, encoding: .utf8)
            }
        }
    }
}

extension Grader {
    /// Grades a test exercise's two lines: the learner's tests pass on the stage, and fail on
    /// the mutant. Runs only the lines `measured` selects.
    func gradeLearnerTest(_ exercise: Exercise, _ test: LearnerTest, shell: Shell, scratch: String,
                          measured: (Int) -> Bool) -> [Finding] {
        var findings: [Finding] = []
        for (index, signal) in exercise.graded.enumerated() {
            let title = Self.title(of: signal, in: exercise)
            switch signal {
            case .testPasses, .testCatchesMutant:
                guard measured(index) else {
                    findings.append(Finding(title: title, status: .notMeasured,
                                            details: ["not measured: verify grades this wrong answer on the line it names only"], signal: index))
                    continue
                }
                let onMutant: Bool = if case .testCatchesMutant = signal { true } else { false }
                let target = onMutant ? test.mutantTarget : test.folder
                let result = shell.run(
                    ["swift", "test", "--skip-build", "--scratch-path", scratch, "--disable-xctest", "--filter", "^\(target)\\."],
                    environment: ["SWIFT_BACKTRACE": "enable=no"], timeout: 300)
                let run = TestRun(result)
                if let stopped = run.stopped {
                    // A test that stops the process fails; on the mutant that is what it must do.
                    findings.append(Finding(title: title, status: onMutant ? .pass : .fail,
                                            details: ["the test process stopped before the run ended:"] + stopped, signal: index))
                } else if run.count == 0 {
                    findings.append(Finding(title: title, status: .fail,
                                            details: ["no test ran: \(exercise.file) holds no `@Test` function"], signal: index))
                } else if onMutant {
                    findings.append(Finding(
                        title: title, status: run.passed ? .fail : .pass,
                        details: run.passed
                            ? ["your test passes on the copy that \(test.mutant): it cannot tell that app from a working one"]
                            : ["it fails there, as it must:"] + run.issues, signal: index))
                } else {
                    findings.append(Finding(
                        title: title, status: run.passed ? .pass : .fail,
                        details: run.passed ? [] : ["it fails on the app as it is, which keeps the behaviour: it proves nothing about the defect"] + run.issues,
                        signal: index))
                }
            default: break
            }
        }
        return findings
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
