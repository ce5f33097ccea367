import Foundation
import MatrixKit
import TrackerSpec

/// What the starting state must show: every signal fails, and nothing else does. One job:
/// the problems of the start's grade, from what the exercise plants and shows.
struct StartJudgment {
    let exercise: Exercise

    func problems(_ grade: Grade) -> [String] {
        var problems = signalProblems(grade)
        let graded = Set(exercise.graded.map(\.subject))
        for finding in grade.findings where !graded.contains(finding.subject) && finding.verdict.fails {
            if let problem = otherReason(finding) { problems.append(problem) }
        }
        if !grade.built && !buildIsTheSignal { problems.append("the start does not build") }
        return problems
    }

    /// Every signal fails at the start, and no guard does.
    private func signalProblems(_ grade: Grade) -> [String] {
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
        return problems
    }

    /// A failing line that is not a signal's: the start's own defect, or another reason (a problem).
    private func otherReason(_ finding: Finding) -> String? {
        if finding.subject.kind == .invariant && (shown.contains(finding.subject.id) || plantsItsDefect) { return nil }
        // A trap that is the signal stops the explored days too.
        if trapIsTheSignal && finding.subject == Grader.invariantsSubject && finding.verdict == .error { return nil }
        if finding.subject == Grader.behaviourSubject {
            // The trap that is the signal stops the behaviour checks too; a check that fails is another reason.
            if trapIsTheSignal && finding.verdict == .error { return nil }
            if !behaviourSignals.isEmpty {
                // Every behaviour check but the signals must pass.
                if finding.verdict == .fail && finding.failing.allSatisfy(behaviourSignals.contains) { return nil }
                return "the start fails for another reason too: \(finding.details.joined(separator: "; "))"
            }
        }
        return "the start fails for another reason: \(finding.title): \(finding.details.joined(separator: "; "))"
    }

    /// The invariants that the signals' rows show (InvariantTable): the start breaks them by
    /// design; so may the rows its stage still has (the start is that stage, catalogue and all).
    private var shown: Set<String> {
        Set(exercise.signals.flatMap { signal -> [String] in
            if case .row(let id) = signal { InvariantTable.invariants(showing: id).map(\.rawValue) } else { [] }
        }).union(InvariantTable.mayBreak(in: exercise.stage).map(\.rawValue))
    }

    /// A start patch plants the defect a `check:` or `behaviour:` signal names (resume-once:
    /// a task never completed; store-off-main: the drink log written on the main thread), and
    /// no table says which invariant that defect breaks: at such a start an explored break is
    /// the signal's own, not another reason.
    private var plantsItsDefect: Bool {
        !exercise.startPatches.isEmpty && exercise.signals.contains {
            switch $0 { case .check, .behaviour: true; default: false }
        }
    }
    private var buildIsTheSignal: Bool { exercise.signals.contains { if case .builds = $0 { true } else { false } } }
    private var trapIsTheSignal: Bool { exercise.signals.contains { if case .noTrap = $0 { true } else { false } } }
    /// The behaviour checks that are signals themselves: they fail at the start, as they must.
    private var behaviourSignals: Set<String> {
        Set(exercise.signals.compactMap { if case .behaviour(let id) = $0 { id } else { nil } })
    }
}
