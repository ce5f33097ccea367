import Foundation
import Manifest
import MatrixKit

/// A field exercise: a field lesson's code in a package of its own (no app, no dependency),
/// and a hidden test target where the exercise's probe drives the learner's API through
/// seams the harness controls (Kit/Workbench/Grading/Field) and writes one finding a property.
struct FieldRoom: Room {
    let exercise: Exercise
    /// A scratch path of its own keeps the app's exercises' builds intact when the learner moves between kinds.
    var scratch: String { Workspace.fieldScratch }
    var runsApp: Bool { false }
    var startsFrom: String { "the field lesson's code, \(exercise.note ?? "") (no app), in the Swift 6 mode." }
    var listed: String { "field lesson " }

    func startingState(in package: URL, _ workspace: Workspace) throws {
        let sources = package.appendingPathComponent("Sources")
        try? workspace.fm.removeItem(at: sources)
        try workspace.fm.createDirectory(at: sources, withIntermediateDirectories: true)
        try workspace.fm.copyItem(at: workspace.path(exercise.fieldStart), to: sources.appendingPathComponent(exercise.folder))
        for patch in exercise.startPatches { try workspace.applyPatch(workspace.path(patch), in: package) }
    }

    /// The manifest, the harness and the exercise's probe: written before every check.
    func writePackage(_ workspace: Workspace) throws {
        let manifest = ManifestText(
            name: "Exercise",
            comment: ["Written by Scripts/workbench before every check: not yours to edit. The exercise",
                      "is Sources/\(exercise.folder); the grading tests are in Tests/."],
            targets: [
                .init(.target, "Exercise", path: "Sources/\(exercise.folder)", settings: [.languageMode("6")]),
                .init(.testTarget, "ExerciseTests", dependencies: [.target("Exercise")], path: "Tests/ExerciseTests",
                      settings: [.languageMode("5")]),
            ])
        try workspace.write(manifest, in: workspace.exercise)
        var files = ["\(Workspace.grading)/GradeReport.swift", "\(Workspace.grading)/FieldPropertyIDs.swift"]
        for folder in [Workspace.fieldGrading, exercise.fieldProbe] {
            let names = try workspace.fm.contentsOfDirectory(atPath: workspace.path(folder).path).filter { $0.hasSuffix(".swift") }.sorted()
            files += names.map { "\(folder)/\($0)" }
        }
        try workspace.writeGradingTests(files, to: workspace.exercise.appendingPathComponent("Tests/ExerciseTests"))
        try workspace.writeReadme(exercise)
    }

    func grade(_ run: GradingRun, into grade: inout Grade) {
        grade.findings += run.grader.fieldFindings(run)
        grade.findings += run.grader.hatchFindings(run)
    }
}

extension Grader {
    /// Runs the exercise's probe on the properties measured, in one process, and grades each
    /// from what it reported. The harness turns a hang into a failing finding itself (no
    /// runnable thread while the work is unfinished); ProgressWatch ends a busy loop or a
    /// process stuck outside the harness (Linux), a timeout elsewhere.
    func fieldFindings(_ run: GradingRun) -> [Finding] {
        let results = run.tmp.appendingPathComponent("results.jsonl")
        let subjects = run.graded.indices.filter(run.measured).compactMap { index -> Subject? in
            if case .field = run.graded[index] { run.graded[index].subject } else { nil }
        }
        var outcome = TestOutcome()
        if !subjects.isEmpty {
            let environment = ["WORKBENCH_RUN": subjects.map(\.description).joined(separator: "|"), "WORKBENCH_RESULTS": results.path,
                               "SWIFT_BACKTRACE": "enable=yes,interactive=no,color=no,threads=crashed,registers=none,images=none,limit=12"]
            #if os(Linux)
            let suite = "ExerciseTests.Grading/testGrade"
            let watch = ProgressWatch(results: results)
            if let bundle = Workspace.testExecutable(run.shell, scratch: run.scratch, tsan: run.exercise.usesTSan, suite: suite) {
                outcome.testRun = run.shell.run([bundle, suite], environment: environment,
                                                timeout: ProgressWatch.timeout(otherwise: 120), watch: watch.check)
            } else {
                outcome.testRun = ProcessResult(status: -1, crashed: false, timedOut: false, output: "no test executable in the build of \(run.scratch)")
            }
            #else
            outcome.testRun = run.shell.run(["swift", "test", "--skip-build"] + Workspace.buildArguments(scratch: run.scratch, tsan: run.exercise.usesTSan)
                                            + ["--filter", "ExerciseTests.Grading/testGrade"], environment: environment, timeout: 120)
            #endif
            outcome.findings = Finding.lines(of: (try? String(contentsOf: results, encoding: .utf8)) ?? "")
        }
        return signalFindings(run, outcome, graded: [])
    }
}
