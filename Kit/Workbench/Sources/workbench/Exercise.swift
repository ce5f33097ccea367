import Foundation

/// One graded exercise: a real intermediate state (a stage's folder, copied, with patches
/// applied; or, for a field exercise, the lesson's own code: `kind`), the signals that grade it, three hints and a solution. Data: the exercise.json in
/// its folder, Kit/Workbench/Exercises/SLUG/, beside its README.md (Exercises.swift reads them).
struct Exercise: Sendable, Codable {
    /// The slug, the name of its folder, which holds solution.patch (and start.patch).
    let slug: String
    /// Its number in `list` (and `start N`); the notes name exercises by slug.
    let number: Int
    let step: Int
    /// The stage whose folder is copied.
    let stage: Int
    /// The folder the copy is given (a stage's name, so that patches and TSan frames read as usual).
    let folder: String
    /// Patches applied to the copy, from the package root (a note's Steps/…/patches/… or the exercise's start.patch).
    let startPatches: [String]
    /// The stage whose target's settings (the root Package.swift's) the exercise builds with.
    let settingsOfStage: Int
    /// Adds -strict-concurrency=complete to the exercise target (for `.diagnostic` signals in the Swift 5 mode).
    let complete: Bool
    /// The file to edit, in the exercise's folder.
    let file: String
    let signals: [Signal]
    /// The note whose exercise this is, when it is one.
    let note: String?
    /// What every answer must keep, besides the behaviour checks: graded like the signals,
    /// but already true at the start (they catch wrong answers, not the starting state).
    var guards: [Signal] = []
    /// Set when the learner writes a test instead of changing the app.
    var test: LearnerTest? = nil
    /// Modules of the package's Sources/ copied into the exercise beside the stage, so that a
    /// start patch can change them (the team's framework). Each builds in the Swift 5 mode, as
    /// in the package, and the stage's `import` of it reaches the copy.
    var modules: [String] = []
    /// Why these signals: what a wrong answer would pass without them (for authors).
    var why: String? = nil
    /// What the exercise starts from: a stage of the app (absent: the default), or a field
    /// lesson's own code, with no app (GradeField.swift, Kit/MAINTAINERS.md).
    var kind: ExerciseKind? = nil
    /// The escape hatches this exercise's task may add (Hatches.swift); any other fails.
    var allowsHatches: [Hatch]? = nil
    /// The escape hatches the start holds that the task takes out ("Sendable without
    /// `@unchecked`"): one still there fails the hatch line.
    var removesHatches: [Hatch]? = nil

    /// A field exercise's starting files (copied to Exercise/Sources/`folder`) and its probe
    /// (copied into the hidden test target beside the harness).
    var fieldStart: String { "Kit/Workbench/Exercises/\(slug)/start" }
    var fieldProbe: String { "Kit/Workbench/Exercises/\(slug)/grade" }

    /// The settings of stage `settingsOfStage`'s target; a manifest the tool cannot read ends it.
    var settings: StageSettings {
        do { return try StageSettings.of(stage: settingsOfStage, root: root) } catch { fail("\(error)") }
    }

    /// Its title, task and hints: the README.md in its folder, which a learner can read too.
    var text: ExerciseText { ExerciseText.load(slug) }
    var title: String { text.title }
    var task: String { text.task }
    var hints: [String] { text.hints }

    /// Signals first, then guards, numbered in that order in a grade.
    var graded: [Signal] { signals + guards }

    var solutionPatch: String { "Kit/Workbench/Exercises/\(slug)/solution.patch" }
    /// The folder under Exercise/Sources that holds `file`: the stage's copy, or the learner's tests.
    var editedFolder: String { test?.folder ?? folder }
    var sourcePath: String { "Exercise/Sources/\(editedFolder)/\(file)" }
    /// The defect a test exercise's grader plants in a copy of the stage.
    var mutantPatch: String { "Kit/Workbench/Exercises/\(slug)/mutant.patch" }
    var usesTSan: Bool { graded.contains { if case .race = $0 { true } else { false } } }
    var row: String? { graded.lazy.compactMap { if case .row(let id) = $0 { id } else { nil } }.first }
    /// The wrong answers kept beside the solution (wrong-*.patch), for `verify`.
    var wrongAnswersFolder: String { "Kit/Workbench/Exercises/\(slug)" }
}

/// What an exercise starts from and what grades it.
enum ExerciseKind: String, Sendable, Codable {
    /// A copy of a stage of the app, graded by the suite, the catalogue and the workbench's checks.
    case stage
    /// A field lesson's code in a package of its own, graded by the exercise's probe on the
    /// properties it measures (`field:ID` signals).
    case field
}

/// An exercise where the learner writes a test: the grader runs it on the stage as it is,
/// where it must pass, and on copies with a defect planted (the exercise's mutant.patch),
/// where it must fail, on each. Both checks are needed: a test that asserts nothing passes on both,
/// and one that checks before the work has happened fails on both.
struct LearnerTest: Sendable, Codable {
    /// One defect mutant.patch plants, chosen by the test process's WORKBENCH_MUTANT.
    struct Mutant: Sendable, Codable {
        let name: String
        /// What the copy does, in words: "the copy that …".
        let words: String
    }

    /// The test target's folder under Exercise/Sources; the learner's file is the exercise's `file` in it.
    let folder: String
    /// The defects mutant.patch plants: the learner's test must fail on each.
    let mutants: [Mutant]
}

/// Steps whose exercises, solved, make the step: their solutions applied in this order to
/// stage `from` give stage `to`'s code, file for file (`workbench verify` checks it).
struct StepComposition: Sendable {
    let step: Int
    let from: Int
    let to: Int
    let exercises: [String]
}

/// An exercise's README.md: "# Title", the task, then "## Hints" and one numbered hint a
/// line (a nudge, the place, the technique).
struct ExerciseText: Sendable {
    var title = ""
    var task = ""
    var hints: [String] = []

    static func path(_ slug: String) -> String { "Kit/Workbench/Exercises/\(slug)/README.md" }

    /// Read from the kit's root, where the tool runs; a missing or malformed file says so
    /// in the text, which `verify` reports.
    static func load(_ slug: String) -> ExerciseText {
        guard let text = try? String(contentsOfFile: path(slug), encoding: .utf8) else {
            return ExerciseText(title: "(no \(path(slug)))", task: "(no \(path(slug)))")
        }
        return parse(text)
    }

    static func parse(_ text: String) -> ExerciseText {
        var result = ExerciseText()
        var inHints = false
        var task: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("# ") && result.title.isEmpty {
                result.title = String(line.dropFirst(2))
            } else if line == "## Hints" {
                inHints = true
            } else if inHints, let dot = line.firstIndex(of: "."), Int(line[..<dot]) != nil {
                result.hints.append(line[line.index(after: dot)...].trimmingCharacters(in: .whitespaces))
            } else if !inHints {
                task.append(line)
            }
        }
        result.task = task.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
        return result
    }

    /// What is missing for the workbench to show it; nil when nothing is.
    var problem: String? {
        if title.isEmpty { return "no \"# \" title line" }
        if task.isEmpty { return "no task before \"## Hints\"" }
        if hints.count != 3 { return "\(hints.count) numbered hints under \"## Hints\", not 3" }
        return nil
    }
}
