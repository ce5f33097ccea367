import Foundation
import Manifest
import TrackerSpec

/// An exercise on a copy of a stage of the app: graded by the build, the behaviour checks,
/// the explored days, the suite's rows, the race scenarios and the workbench's checks.
struct AppRoom: Room {
    let exercise: Exercise
    var scratch: String { exercise.usesTSan ? Workspace.tsanScratch : Workspace.scratch }
    var runsApp: Bool { true }
    var startsFrom: String {
        "stage \(exercise.stage) (Sources/\(Stage.all[exercise.stage].target))"
            + (exercise.startPatches.isEmpty ? "" : ", with \(exercise.startPatches.joined(separator: ", "))")
            + ", in \(exercise.settings.words)."
    }
    var listed: String { "stage \(exercise.stage)      " }

    func startingState(in package: URL, _ workspace: Workspace) throws {
        let sources = package.appendingPathComponent("Sources")
        try workspace.copyStage(of: exercise, to: sources)
        for patch in exercise.startPatches { try workspace.applyPatch(workspace.path(patch), in: package) }
    }

    func writePackage(_ workspace: Workspace) throws {
        try workspace.write(Self.manifest(exercise, name: "Exercise", kitPath: "../Kit", gradingTests: true), in: workspace.exercise)
        try workspace.writeGradingTests(Workspace.gradingFiles.map { "\(Workspace.grading)/\($0)" },
                                        to: workspace.exercise.appendingPathComponent("Tests/ExerciseTests"))
        try workspace.writeReadme(exercise, besides: " (and, where the task says so, the files beside it)")
    }

    func grade(_ run: GradingRun, into grade: inout Grade) {
        let grader = run.grader
        let outcome = grader.runTests(run)
        grade.raceReports = outcome.raceReports
        grade.findings.append(grader.behaviourFinding(run, outcome))
        grade.findings += grader.invariantFindings(run, outcome)
        let days = outcome.findings.filter { $0.subject == Subject(.invariant) }
        grade.brokenInvariants = Set(days.flatMap(\.failing))
        for day in days { if let seed = day.seed { grade.exploredDays["\(seed)"] = day.failing + day.details } }
        grade.findings += grader.signalFindings(run, outcome, graded: grade.findings)
        grade.findings += grader.hatchFindings(run)
        if grader.verbose {
            for (row, reports) in outcome.raceReports {
                print("-- raw TSan reports of \(row):")
                reports.forEach { print($0.text) }
            }
        }
    }

    /// The app exercise's manifest: the stage's copy as `Exercise` (modules copied beside it
    /// as targets of their own, the stage's `import` aliased to them), and the grading tests;
    /// a test exercise adds the learner's test target (`extra`).
    static func manifest(_ exercise: Exercise, name: String, kitPath: String, gradingTests: Bool,
                         extra: [ManifestText.Target] = []) -> ManifestText {
        let kit = Workspace.appPackage
        // A module copied into the exercise is a target of its own; the package above declares
        // one of the same name, so the copy gets another, and the stage's `import` is aliased to it.
        func local(_ module: String) -> String { "Exercise\(module)" }
        let modules = exercise.modules.map { ManifestText.Target(.target, local($0), path: "Sources/\($0)", settings: [.languageMode("5")]) }
        let dependencies = exercise.modules.map { ManifestText.Dependency.target(local($0)) }
            + ["HealthKitSim", "WatchKitSim", "CoffeeModel", "Recaffeinater"].filter { !exercise.modules.contains($0) }
                .map { .product($0, package: kit) }
        let app = ManifestText.Target(.target, "Exercise", dependencies: dependencies, path: "Sources/\(exercise.folder)",
                                      settings: settings(of: exercise))
        let grading = ManifestText.Target(.testTarget, "ExerciseTests", dependencies: [.target("Exercise")] + testProducts,
                                          path: "Tests/ExerciseTests", settings: [.languageMode("5")])
        return ManifestText(
            name: name,
            comment: ["Written by Scripts/workbench before every check: not yours to edit. The exercise",
                      "is Sources/\(exercise.folder); the grading tests are in Tests/."],
            packagePaths: ["\(kitPath)/\(kit)"],
            targets: modules + [app] + (gradingTests ? [grading] : []) + extra)
    }

    /// The stage's settings, with complete checking and the modules' aliases where the exercise asks.
    static func settings(of exercise: Exercise) -> [SwiftSetting] {
        exercise.settings.settings
            + (exercise.complete ? [.strictConcurrency("complete")] : [])
            + (exercise.modules.isEmpty ? [] : [.unsafeFlags(exercise.modules.flatMap { ["-module-alias", "\($0)=Exercise\($0)"] })])
    }

    /// What a test target of an app exercise may import from the kit.
    static let testProducts: [ManifestText.Dependency] =
        ["TrackerSpec", "WatchKitSim", "HealthKitSim", "SimSupport"].map { .product($0, package: Workspace.appPackage) }
}

extension Workspace {
    /// Copies the exercise's stage folder (and the modules it copies beside it) into `sources`, replaced.
    func copyStage(of exercise: Exercise, to sources: URL) throws {
        try? fm.removeItem(at: sources)
        try fm.createDirectory(at: sources, withIntermediateDirectories: true)
        try fm.copyItem(at: path("Sources/\(Stage.all[exercise.stage].target)"), to: sources.appendingPathComponent(exercise.folder))
        for module in exercise.modules {
            try fm.copyItem(at: path("Sources/\(module)"), to: sources.appendingPathComponent(module))
        }
    }
}
