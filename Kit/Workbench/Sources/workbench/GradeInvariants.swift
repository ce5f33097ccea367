import Foundation
import TrackerSpec

// Grading, step 4 for the invariants: the schedule explorer's days (Grading.swift runs
// them in the grading tests' process) against what the kit's solution breaks on the same days.

extension Grader {
    static let invariantsSubject = Subject(.invariant)

    /// One failing line per invariant the answer breaks and the solution does not, each with
    /// the seed and shortest order that break it and the command that replays it; else one line.
    func invariantFindings(_ run: GradingRun, _ outcome: TestOutcome) -> [Finding] {
        let subject = Self.invariantsSubject
        let title = "every invariant holds over \(seeds.count) explored schedule\(seeds.count == 1 ? "" : "s") (seed\(seeds.count == 1 ? "" : "s") \(seeds.first)\(seeds.count == 1 ? "" : "-\(seeds.first + seeds.count - 1)"))"
        guard run.measuresInvariants else {
            return run.exercise.room.runsApp ? [Finding(subject, .notMeasured, title: title, details: [GradingRun.notMeasured])] : []
        }
        // A day the answer broke fails its invariant; a process that stopped before the last
        // day fails too, beside them: what it did not explore was not judged.
        let broken = outcome.findings.filter { $0.subject.kind == .invariant && !$0.subject.id.isEmpty }.map(brokenFinding)
        if let error = outcome.findings.first(where: { $0.subject == subject && $0.verdict == .error }) {
            return broken + [Finding(subject, .error, title: title, details: error.details)]
        }
        let days = outcome.findings.filter { $0.subject == subject }
        guard days.count >= seeds.count else {
            return broken + [Finding(subject, .error, title: title, details: ["exploring stopped after \(days.count) days:"] + outcome.stopped(outcome.daysRun))]
        }
        if !broken.isEmpty { return broken }
        let excused = Set(days.flatMap(\.failing)).sorted()
        return [Finding(subject, .pass, title: title,
                        details: excused.isEmpty ? [] : ["broken as on the kit's solution: " + excused.joined(separator: ", ")])]
    }

    private func brokenFinding(_ seen: Finding) -> Finding {
        let seed = seen.seed.map(String.init) ?? "?"
        var finding = Finding(
            seen.subject, .fail, title: "\"\(seen.title)\" holds in every explored schedule",
            details: ["seed \(seed) breaks it"] + seen.details
                + (seen.order.map { ["shortest order of events: " + $0.joined(separator: " ")] } ?? [])
                + ["replay: Scripts/workbench check --seed \(seed)"])
        finding.seed = seen.seed
        finding.order = seen.order
        return finding
    }
}
