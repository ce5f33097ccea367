import Foundation
import MatrixKit

/// Records what the kit's solution (in Exercise/ now) shows, for every answer to be judged
/// against: its race reports and its broken invariants, in the exercise's folder.
struct BaselineRecorder {
    let exercise: Exercise
    let tally: VerifyTally

    /// Runs the race scenarios three times and records the union of their reports as the
    /// exercise's race-baseline.json: a report not among them is an answer's own. TSan's
    /// reports vary with the threads' timing, hence the union.
    func recordRaces(runs: Int = 3) {
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
            tally.fail(exercise, "could not record \(RaceBaseline.path(exercise)): \(error)", slug: false)
        }
    }

    /// Explores the grade's days and records the invariants the solution breaks as the
    /// exercise's invariant-baseline.json (the seeds order the simulators' events, so one run
    /// gives the days' verdicts).
    func recordInvariants() {
        guard exercise.room.runsApp else { return }
        var grader = Grader(workspace: workspace, shrinks: false)
        grader.recordingBaseline = true
        let grade = grader.grade(exercise, focus: Grader.invariantsSubject)
        if let stopped = grade.findings.first(where: { $0.subject.kind == .invariant && $0.verdict == .error }) {
            tally.fail(exercise, "exploring the solution: \(stopped.details.joined(separator: "; "))", slug: false)
            return
        }
        let baseline = InvariantBaseline(seeds: grader.seeds.text, breaks: grade.brokenInvariants.sorted(),
                                         days: grade.exploredDays.filter { !$0.value.isEmpty }.mapValues { $0.sorted() })
        do {
            try baseline.save(exercise)
            print("   solution's broken invariants over seeds \(baseline.seeds): \(baseline.breaks.isEmpty ? "none" : baseline.breaks.joined(separator: ", ")) (\(String(format: "%.0f", grade.seconds)) s), recorded in \(InvariantBaseline.path(exercise))")
        } catch {
            tally.fail(exercise, "could not record \(InvariantBaseline.path(exercise)): \(error)", slug: false)
        }
    }
}
