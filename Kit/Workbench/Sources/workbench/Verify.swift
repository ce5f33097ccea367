import Foundation
import MatrixKit
import TrackerSpec

// `verify`: every exercise fails unsolved for its own reason (VerifyStart.swift), its wrong
// answers fail and its right ones pass (VerifyAnswers.swift), judged against the solution's
// recorded baselines (VerifyBaselines.swift), and the steps' solutions compose
// (VerifyComposition.swift). This file: the options, the tally and the order of the work.

/// What `verify` was asked to prove, and to sabotage.
struct VerifyOptions {
    var startSolved = false
    var brokenSolution = false
    var wrongAnswers = true
    var solutionAsWrong = false
    var wrongAsRight = false
    var compositions = true
    /// Records the solutions' baselines again even where they are committed (`--record`).
    var record = false
}

/// What `verify` found: failures, and how many wrong and right answers it proved. A class:
/// the parts of one run add to the same tally.
final class VerifyTally {
    var failures: [String] = []
    var wrong = 0
    var right = 0

    func fail(_ exercise: Exercise, _ problem: String, slug: Bool = true) {
        failures.append("exercise \(number(of: exercise))\(slug ? " (\(exercise.slug))" : ""): \(problem)")
    }
}

/// One run of `verify`: the exercises in turn, then the steps, the learner's state kept.
struct Verifier {
    let options: VerifyOptions
    let tally = VerifyTally()

    func run(_ selected: [Exercise]) -> Bool {
        let saved = progress
        let started = Date()
        // verify works in Exercise/: the learner's edits, if any, go to a backup first.
        if let slug = saved.current, let current = Exercises.all.first(where: { $0.slug == slug }) { keepEdits(of: current) }
        selected.forEach(verify)
        if options.compositions {
            for composition in Exercises.compositions { CompositionCheck(composition: composition, tally: tally).run() }
        }
        // Leave the learner's state as it was: their progress; their copy is the last exercise's.
        saved.save()
        if let slug = saved.current, let current = Exercises.all.first(where: { $0.slug == slug }) { try? workspace.prepare(current) }
        print("")
        guard tally.failures.isEmpty else {
            print("verify: FAILED")
            tally.failures.forEach { print("  - \($0)") }
            return false
        }
        let answers = options.wrongAnswers
            ? ", fail \(tally.wrong) wrong answers for the right reasons, pass \(tally.right) right answers besides the solution," : ""
        print("verify: \(selected.count) exercise\(selected.count == 1 ? "" : "s") fail unsolved for their own reasons\(answers) and pass solved (\(Int(Date().timeIntervalSince(started))) s)")
        return true
    }

    /// One exercise: its start, its wrong and right answers, its solution.
    func verify(_ exercise: Exercise) {
        print("== exercise \(number(of: exercise)) (\(exercise.slug)), step \(exercise.step)")
        if let problem = exercise.text.problem { tally.fail(exercise, "\(ExerciseText.path(exercise.slug)): \(problem)") }
        do { try workspace.prepare(exercise, startSolved: options.startSolved) } catch {
            return tally.fail(exercise, "\(error)", slug: false)
        }
        let proof = AnswerProof(exercise: exercise, options: options, tally: tally)
        let recorder = BaselineRecorder(exercise: exercise, tally: tally)
        let recordsBaselines = !options.brokenSolution && !options.startSolved
        // The solution's broken invariants first, unless committed: the start and every answer
        // are judged against them (the solved grade below checks that they still hold).
        let committedInvariants = InvariantBaseline.recorded(exercise, seeds: ExploredSeeds())
        if exercise.room.runsApp && recordsBaselines && (options.record || committedInvariants == nil)
            && proof.prepare(exercise.solutionPatch, "the solution") {
            recorder.recordInvariants()
            try? workspace.prepare(exercise, startSolved: false)
        }
        judgeStart(exercise)
        // The solution's own race reports first: every answer after it is judged against them.
        if exercise.usesTSan && recordsBaselines && (options.record || RaceBaseline.load(exercise) == nil)
            && proof.prepare(exercise.solutionPatch, "the solution") {
            recorder.recordRaces()
        }
        let answered = proof.wrongAnswers() + proof.rightAnswers()
        do {
            if answered > 0 || exercise.usesTSan { try workspace.prepare(exercise, startSolved: false) }
            if !options.brokenSolution { try workspace.applyPatch(root.appendingPathComponent(exercise.solutionPatch)) }
        } catch {
            return tally.fail(exercise, "\(error)", slug: false)
        }
        workspace.markExerciseChanged(exercise)
        judgeSolved(exercise, committedInvariants: committedInvariants)
    }

    private func judgeStart(_ exercise: Exercise) {
        let start = Grader(workspace: workspace, shrinks: false).judgedGrade(exercise)
        let problems = StartJudgment(exercise: exercise).problems(start)
        if problems.isEmpty {
            print("   unsolved: fails on its signal\(exercise.signals.count == 1 ? "" : "s") (\(String(format: "%.0f", start.seconds)) s)")
        } else {
            problems.forEach { print("   unsolved: \($0)") }
            problems.forEach { tally.fail(exercise, $0) }
        }
    }

    /// The solution (in Exercise/ now) passes, and breaks what its committed baseline says.
    private func judgeSolved(_ exercise: Exercise, committedInvariants: [String]?) {
        let solved = Grader(workspace: workspace, shrinks: false).judgedGrade(exercise)
        if solved.passed, !options.record, exercise.room.runsApp, let committed = committedInvariants,
           Set(committed) != solved.brokenInvariants {
            let problem = "\(InvariantBaseline.path(exercise)) says the solution breaks [\(committed.joined(separator: ", "))], "
                + "its grade now [\(solved.brokenInvariants.sorted().joined(separator: ", "))]: record it again with verify --record \(number(of: exercise))"
            print("   solved: \(problem)")
            tally.fail(exercise, problem)
        } else if solved.passed {
            print("   solved: passes (\(String(format: "%.0f", solved.seconds)) s)")
        } else {
            let failing = solved.findings.filter { $0.verdict != .pass }.map { "\($0.title): \($0.details.joined(separator: "; "))" }
            failing.forEach { print("   solved: FAIL \($0)") }
            tally.fail(exercise, "the solution does not pass: \(failing.joined(separator: " | "))")
        }
    }
}

/// `verify`: the selected exercises (all by default), their wrong and right answers, and the steps they make.
func verifyCommand() {
    let quick = takeFlag("--quick")
    let startSolved = takeFlag("--start-solved")
    let broken = takeFlag("--broken-solution")
    let noWrong = takeFlag("--no-wrong-answers")
    let solutionAsWrong = takeFlag("--solution-as-wrong")
    let wrongAsRight = takeFlag("--wrong-as-right")
    let record = takeFlag("--record")
    var selected: [Exercise] = []
    for argument in arguments {
        if argument.hasPrefix("-") { badInput("unknown option '\(argument)'", command: command) }
        selected.append(exercise(named: argument, command: command))
    }
    if selected.isEmpty {
        // --quick: one exercise of each kind of signal (a row, a race, a diagnostic, a
        // build in the Swift 6 mode, a behaviour check under stage 6's settings, a test the
        // learner writes).
        selected = quick
            ? ["last-caller", "health-access-race", "retire-shim", "swift6-mode", "store-off-main", "refresh-once-test"].map { exercise(named: $0, command: command) }
            : Exercises.all
    }
    let options = VerifyOptions(
        startSolved: startSolved, brokenSolution: broken, wrongAnswers: !noWrong || solutionAsWrong || wrongAsRight,
        solutionAsWrong: solutionAsWrong, wrongAsRight: wrongAsRight,
        compositions: !quick && !startSolved && !broken && !solutionAsWrong && !wrongAsRight && arguments.isEmpty,
        record: record)
    let ok = Verifier(options: options).run(selected)
    exit(ok ? 0 : 1)
}
