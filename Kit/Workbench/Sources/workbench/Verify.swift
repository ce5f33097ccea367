import Foundation
import MatrixKit
import TrackerSpec

// MARK: verify

/// What the starting state must show: every signal fails, and nothing else does.
func startFailsForItsReason(_ grade: Grade, _ exercise: Exercise) -> [String] {
    var problems: [String] = []
    for signal in exercise.signals {
        let finding = grade.finding(signal.subject)
        if finding?.verdict.fails != true {
            if case .diagnostic = signal, !grade.built, finding?.verdict == .notMeasured { continue }
            problems.append("the start does not fail on its signal: \(signal) (\(finding.map { $0.verdict.rawValue } ?? "not measured"))")
        }
    }
    for signal in exercise.guards {
        if let finding = grade.finding(signal.subject), finding.verdict.fails {
            problems.append("the start fails a guard, which every answer must keep: \(signal): \(finding.details.joined(separator: "; "))")
        }
    }
    let graded = Set(exercise.graded.map(\.subject))
    // The invariants that the signals' rows show (InvariantTable): the start breaks them by
    // design; so may the rows its stage still has (the start is that stage, catalogue and all).
    let shown = Set(exercise.signals.flatMap { signal -> [String] in
        if case .row(let id) = signal { InvariantTable.invariants(showing: id).map(\.rawValue) } else { [] }
    }).union(InvariantTable.mayBreak(in: exercise.stage).map(\.rawValue))
    // A start patch plants the defect a `check:` or `behaviour:` signal names (resume-once:
    // a task never completed; store-off-main: the drink log written on the main thread), and
    // no table says which invariant that defect breaks: at such a start an explored break is
    // the signal's own, not another reason.
    let plantsItsDefect = !exercise.startPatches.isEmpty && exercise.signals.contains {
        switch $0 { case .check, .behaviour: true; default: false }
    }
    let buildIsTheSignal = exercise.signals.contains { if case .builds = $0 { true } else { false } }
    let trapIsTheSignal = exercise.signals.contains { if case .noTrap = $0 { true } else { false } }
    // The behaviour checks that are signals themselves: they fail at the start, as they must.
    let behaviourSignals = Set(exercise.signals.compactMap { if case .behaviour(let id) = $0 { id } else { nil } })
    for finding in grade.findings where !graded.contains(finding.subject) && finding.verdict.fails {
        if finding.subject.kind == .invariant && (shown.contains(finding.subject.id) || plantsItsDefect) { continue }
        // A trap that is the signal stops the explored days too.
        if trapIsTheSignal && finding.subject == Grader.invariantsSubject && finding.verdict == .error { continue }
        if finding.subject == Grader.behaviourSubject {
            // The trap that is the signal stops the behaviour checks too; a check that fails is another reason.
            if trapIsTheSignal && finding.verdict == .error { continue }
            if !behaviourSignals.isEmpty {
                // Every behaviour check but the signals must pass.
                if finding.verdict == .fail && finding.failing.allSatisfy(behaviourSignals.contains) { continue }
                problems.append("the start fails for another reason too: \(finding.details.joined(separator: "; "))")
                continue
            }
        }
        problems.append("the start fails for another reason: \(finding.title): \(finding.details.joined(separator: "; "))")
    }
    if !grade.built && !buildIsTheSignal { problems.append("the start does not build") }
    return problems
}

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

/// What `verify` found: failures, and how many wrong and right answers it proved.
struct VerifyTally {
    var failures: [String] = []
    var wrong = 0
    var right = 0
}

func verify(_ selected: [Exercise], _ options: VerifyOptions) -> Bool {
    var tally = VerifyTally()
    let saved = progress
    let started = Date()
    // verify works in Exercise/: the learner's edits, if any, go to a backup first.
    if let slug = saved.current, let current = Exercises.all.first(where: { $0.slug == slug }) {
        keepEdits(of: current)
    }
    for exercise in selected {
        verifyExercise(exercise, options, &tally)
    }
    if options.compositions {
        for composition in Exercises.compositions { verifyComposition(composition, &tally) }
    }
    // Leave the learner's state as it was: their progress; their copy is the last exercise's.
    saved.save()
    if let slug = saved.current, let current = Exercises.all.first(where: { $0.slug == slug }) {
        try? workspace.prepare(current)
    }
    print("")
    if tally.failures.isEmpty {
        let answers = options.wrongAnswers
            ? ", fail \(tally.wrong) wrong answers for the right reasons, pass \(tally.right) right answers besides the solution," : ""
        print("verify: \(selected.count) exercise\(selected.count == 1 ? "" : "s") fail unsolved for their own reasons\(answers) and pass solved (\(Int(Date().timeIntervalSince(started))) s)")
        return true
    }
    print("verify: FAILED")
    tally.failures.forEach { print("  - \($0)") }
    return false
}

/// One exercise: its start, its wrong and right answers, its solution.
func verifyExercise(_ exercise: Exercise, _ options: VerifyOptions, _ tally: inout VerifyTally) {
    let n = number(of: exercise)
    print("== exercise \(n) (\(exercise.slug)), step \(exercise.step)")
    if let problem = exercise.text.problem {
        tally.failures.append("exercise \(n) (\(exercise.slug)): \(ExerciseText.path(exercise.slug)): \(problem)")
    }
    do {
        try workspace.prepare(exercise, startSolved: options.startSolved)
    } catch {
        tally.failures.append("exercise \(n): \(error)")
        return
    }
    // The solution's broken invariants first, unless committed: the start and every answer
    // are judged against them (the solved grade below checks that they still hold).
    let committedInvariants = InvariantBaseline.recorded(exercise, seeds: ExploredSeeds())
    if exercise.test == nil && !options.brokenSolution && !options.startSolved
        && (options.record || committedInvariants == nil)
        && prepareAnswer(exercise, exercise.solutionPatch, "the solution", &tally) {
        recordInvariantBaseline(exercise, &tally)
        try? workspace.prepare(exercise, startSolved: false)
    }
    let start = Grader(workspace: workspace, shrinks: false).grade(exercise)
    let problems = startFailsForItsReason(start, exercise)
    if problems.isEmpty {
        print("   unsolved: fails on its signal\(exercise.signals.count == 1 ? "" : "s") (\(String(format: "%.0f", start.seconds)) s)")
    } else {
        problems.forEach { print("   unsolved: \($0)") }
        tally.failures += problems.map { "exercise \(n) (\(exercise.slug)): \($0)" }
    }
    // The solution's own race reports first: every answer after it is judged against them.
    if exercise.usesTSan && !options.brokenSolution && !options.startSolved
        && (options.record || RaceBaseline.load(exercise) == nil)
        && prepareAnswer(exercise, exercise.solutionPatch, "the solution", &tally) {
        recordRaceBaseline(exercise, &tally)
    }
    let answered = verifyWrongAnswers(exercise, options, &tally) + verifyRightAnswers(exercise, options, &tally)
    if options.wrongAnswers && WrongAnswer.all(of: exercise, root: root).count < 2 {
        tally.failures.append("exercise \(n) (\(exercise.slug)): fewer than two wrong answers in \(exercise.wrongAnswersFolder)")
    }
    do {
        if answered > 0 || exercise.usesTSan { try workspace.prepare(exercise, startSolved: false) }
        if !options.brokenSolution { try workspace.applyPatch(root.appendingPathComponent(exercise.solutionPatch)) }
    } catch {
        tally.failures.append("exercise \(n): \(error)")
        return
    }
    workspace.markExerciseChanged(exercise)
    let solved = Grader(workspace: workspace, shrinks: false).grade(exercise)
    if solved.passed, !options.record, exercise.test == nil, let committed = committedInvariants,
       Set(committed) != solved.brokenInvariants {
        let problem = "\(InvariantBaseline.path(exercise)) says the solution breaks [\(committed.joined(separator: ", "))], "
            + "its grade now [\(solved.brokenInvariants.sorted().joined(separator: ", "))]: record it again with verify --record \(n)"
        print("   solved: \(problem)")
        tally.failures.append("exercise \(n) (\(exercise.slug)): \(problem)")
    } else if solved.passed {
        print("   solved: passes (\(String(format: "%.0f", solved.seconds)) s)")
    } else {
        let failing = solved.findings.filter { $0.verdict != .pass }.map { "\($0.title): \($0.details.joined(separator: "; "))" }
        failing.forEach { print("   solved: FAIL \($0)") }
        tally.failures.append("exercise \(n) (\(exercise.slug)): the solution does not pass: \(failing.joined(separator: " | "))")
    }
}

/// Runs the race scenarios on the kit's solution (in Exercise/ now) three times and records
/// the union of their reports as the exercise's race-baseline.json: a report not among them
/// is an answer's own. TSan's reports vary with the threads' timing, hence the union.
func recordRaceBaseline(_ exercise: Exercise, _ tally: inout VerifyTally, runs: Int = 3) {
    var baseline = RaceBaseline(reports: [:])
    for signal in exercise.graded {
        guard case .race(let row) = signal else { continue }
        var signatures = Set<String>()
        for _ in 0..<runs {
            let grade = Grader(workspace: workspace, shrinks: false).grade(exercise, focus: signal.subject)
            signatures.formUnion((grade.raceReports[row] ?? []).filter(\.isRace).map { report in
                RaceBaseline.signature(report, Grader.attribute(report, exercise))
            })
        }
        baseline.reports[row] = signatures.sorted()
    }
    do {
        try baseline.save(exercise)
        let count = baseline.reports.values.map(\.count).reduce(0, +)
        print("   solution's race reports: \(count) over \(runs) runs, recorded in \(RaceBaseline.path(exercise))")
    } catch {
        tally.failures.append("exercise \(number(of: exercise)): could not record \(RaceBaseline.path(exercise)): \(error)")
    }
}

/// Explores the grade's days on the kit's solution (in Exercise/ now) and records the
/// invariants it breaks as the exercise's invariant-baseline.json (the seeds order the
/// simulators' events, so one run gives the days' verdicts).
func recordInvariantBaseline(_ exercise: Exercise, _ tally: inout VerifyTally) {
    // A field exercise runs no app: there are no explored days to record.
    guard !exercise.isField else { return }
    var grader = Grader(workspace: workspace, shrinks: false)
    grader.recordingBaseline = true
    let grade = grader.grade(exercise, focus: Grader.invariantsSubject)
    if let stopped = grade.findings.first(where: { $0.subject.kind == .invariant && $0.verdict == .error }) {
        tally.failures.append("exercise \(number(of: exercise)): exploring the solution: \(stopped.details.joined(separator: "; "))")
        return
    }
    let baseline = InvariantBaseline(seeds: grader.seeds.text, breaks: grade.brokenInvariants.sorted())
    do {
        try baseline.save(exercise)
        print("   solution's broken invariants over seeds \(baseline.seeds): \(baseline.breaks.isEmpty ? "none" : baseline.breaks.joined(separator: ", ")) (\(String(format: "%.0f", grade.seconds)) s), recorded in \(InvariantBaseline.path(exercise))")
    } catch {
        tally.failures.append("exercise \(number(of: exercise)): could not record \(InvariantBaseline.path(exercise)): \(error)")
    }
}

/// Applies `patch` to a fresh start of `exercise`; false (and a failure) when it does not apply.
func prepareAnswer(_ exercise: Exercise, _ patch: String, _ what: String, _ tally: inout VerifyTally) -> Bool {
    do {
        try workspace.prepare(exercise)
        try workspace.applyPatch(root.appendingPathComponent(patch))
        workspace.markExerciseChanged(exercise)
        return true
    } catch {
        tally.failures.append("exercise \(number(of: exercise)): \(what): \(error)")
        return false
    }
}

/// Each wrong answer must fail on the line its header names, for its reason. Returns how many were tried.
func verifyWrongAnswers(_ exercise: Exercise, _ options: VerifyOptions, _ tally: inout VerifyTally) -> Int {
    let wrongs = options.wrongAnswers
        ? WrongAnswer.all(of: exercise, root: root) + (options.solutionAsWrong ? [WrongAnswer.solutionAsWrong(exercise)] : [])
        : []
    for wrong in wrongs where prepareAnswer(exercise, wrong.patch, "wrong answer \(wrong.name)", &tally) {
        let grade = Grader(workspace: workspace, shrinks: false).grade(exercise, focus: wrong.failsOn)
        if let problem = wrong.problem(with: grade) {
            print("   wrong answer \(wrong.name): \(problem)")
            tally.failures.append("exercise \(number(of: exercise)) (\(exercise.slug)): wrong answer \(wrong.name): \(problem)")
        } else {
            print("   wrong answer \(wrong.name): fails on \(wrong.failsOn.map(\.description) ?? "?")\(wrong.saying.map { ", saying \"\($0)\"" } ?? "") (\(String(format: "%.0f", grade.seconds)) s)")
            tally.wrong += 1
        }
    }
    return wrongs.count
}

/// The right answers other than the solution: each must pass the full grade. Returns how many were tried.
func verifyRightAnswers(_ exercise: Exercise, _ options: VerifyOptions, _ tally: inout VerifyTally) -> Int {
    let rights = options.wrongAnswers
        ? RightAnswer.all(of: exercise, root: root) + (options.wrongAsRight ? RightAnswer.wrongAsRight(exercise, root: root) : [])
        : []
    for right in rights where prepareAnswer(exercise, right.patch, "right answer \(right.name)", &tally) {
        let grade = Grader(workspace: workspace, shrinks: false).grade(exercise)
        if let problem = right.problem(with: grade) {
            print("   right answer \(right.name): \(problem)")
            tally.failures.append("exercise \(number(of: exercise)) (\(exercise.slug)): right answer \(right.name): \(problem)")
        } else {
            print("   right answer \(right.name): passes (\(String(format: "%.0f", grade.seconds)) s)")
            tally.right += 1
        }
    }
    return rights.count
}

/// A step that exercises make together: the previous stage with their solutions is the next stage.
func verifyComposition(_ composition: StepComposition, _ tally: inout VerifyTally) {
    let parts = composition.exercises.compactMap { slug in Exercises.all.first { $0.slug == slug } }
    let folder = parts.first?.folder ?? Stage.all[composition.from].target
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("workbench-compose-\(getpid())")
    try? FileManager.default.removeItem(at: scratch)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let shell = Shell(directory: scratch, scratch: FileManager.default.temporaryDirectory)
    let names = composition.exercises.joined(separator: ", ")
    do {
        try FileManager.default.createDirectory(at: scratch.appendingPathComponent("Sources"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: root.appendingPathComponent("Sources/\(Stage.all[composition.from].target)"),
            to: scratch.appendingPathComponent("Sources/\(folder)"))
        for part in parts {
            let result = shell.run(["patch", "-p1", "-s", "-f", "--no-backup-if-mismatch", "-i", root.appendingPathComponent(part.solutionPatch).path])
            if !result.succeeded { throw WorkbenchError("\(part.slug)'s solution does not apply: \(result.tail(4))") }
        }
        let diff = shell.run(["diff", "-ru", scratch.appendingPathComponent("Sources/\(folder)").path,
                              root.appendingPathComponent("Sources/\(Stage.all[composition.to].target)").path])
        // The step's target language mode must be one some exercise builds in.
        let modes = Set(parts.map(\.settings.languageMode))
        let expectedMode = (try? StageSettings.of(stage: composition.to, root: root).languageMode) ?? "?"
        if !diff.succeeded {
            tally.failures.append("step \(composition.step): stage \(composition.from) with the solutions of \(names) is not stage \(composition.to):\n\(diff.tail(20))")
            print("== step \(composition.step): the solutions of \(names) on stage \(composition.from) differ from stage \(composition.to)")
        } else if !modes.contains(expectedMode) && expectedMode != "5" {
            tally.failures.append("step \(composition.step): no exercise builds in the Swift \(expectedMode) language mode")
        } else {
            print("== step \(composition.step): stage \(composition.from) + the solutions of \(names) = stage \(composition.to)")
        }
    } catch {
        tally.failures.append("step \(composition.step): \(error)")
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
    let ok = verify(selected, options)
    exit(ok ? 0 : 1)
}
