import Foundation
import MatrixKit
import TrackerSpec

// Grading, step 4: the verdict of each line from what the grading tests wrote (the race
// scenarios' is in GradeRaces.swift).

extension Grader {
    /// The behaviour checks: every one must pass.
    func behaviourFinding(_ run: GradingRun, _ outcome: TestOutcome) -> Finding {
        let subject = Self.behaviourSubject
        let behaviour = outcome.findings.filter { $0.subject.kind == .behaviour }
        let failed = behaviour.filter { $0.verdict != .pass }
        if !run.measuresBehaviour {
            return Finding(subject, .notMeasured, title: Self.behaviourTitle, details: [GradingRun.notMeasured])
        } else if behaviour.count < Check.behaviour.count && failed.isEmpty {
            // The process stopped in the check after the last one it reported.
            let running = Check.behaviour[behaviour.count]
            return Finding(
                subject, .error, title: Self.behaviourTitle,
                details: ["the checks stopped in \"\(running.name)\":"] + outcome.stopped(outcome.testRun), failing: [running.id])
        } else if failed.isEmpty {
            return Finding(subject, .pass, title: "\(Self.behaviourTitle) (\(behaviour.count) of \(Check.behaviour.count))")
        }
        return Finding(
            subject, .fail, title: Self.behaviourTitle,
            details: failed.map { "\"\($0.title)\" fails: \($0.details.first ?? "?")" }, failing: failed.map(\.subject.id))
    }

    /// The lines of the signals and guards that the tests answer; `graded` holds those
    /// already graded by the build.
    func signalFindings(_ run: GradingRun, _ outcome: TestOutcome, graded: [Finding]) -> [Finding] {
        var findings: [Finding] = []
        for (index, signal) in run.graded.enumerated() {
            let title = Self.title(of: signal, in: run.exercise)
            if !run.measured(index) {
                if !graded.contains(where: { $0.subject == signal.subject }) {
                    findings.append(Finding(signal.subject, .notMeasured, title: title, details: [GradingRun.notMeasured]))
                }
                continue
            }
            switch signal {
            case .row(let id): findings.append(rowFinding(id, outcome, title: title))
            case .check, .behaviour, .field: findings.append(reported(signal.subject, outcome, title: title))
            case .race(let id): findings.append(raceFinding(id, run, outcome, title: title))
            case .noTrap: findings.append(noTrapFinding(outcome, title: title))
            case .builds, .noWarnings, .diagnostic, .absent, .untouched, .testPasses, .testCatchesMutant, .launchGlobalQuiet, .launchGlobalIsolated: break
            }
        }
        return findings
    }

    private func rowFinding(_ id: String, _ outcome: TestOutcome, title: String) -> Finding {
        let subject = Subject(.row, id)
        guard let seen = outcome.findings.first(where: { $0.subject == subject }) else {
            return Finding(subject, .error, title: title, details: ["its check did not run:"] + outcome.stopped(outcome.testRun))
        }
        let observation = seen.details.first ?? ""
        switch seen.verdict {
        case .pass:
            return Finding(subject, .pass, title: title,
                           details: ["\"\(seen.title)\" passes: the defect is gone (\(Catalogue.defect(id).summary))"])
        case .fail:
            return Finding(subject, .fail, title: title,
                           details: ["\"\(seen.title)\" still sees it: \(observation)", "the defect: \(Catalogue.defect(id).summary)"])
        case .error, .notMeasured:
            return Finding(subject, .error, title: title, details: ["\"\(seen.title)\" failed for another reason: \(observation)"])
        }
    }

    /// The verdict the grading tests reported for `subject` (a workbench check, a behaviour check).
    func reported(_ subject: Subject, _ outcome: TestOutcome, title: String) -> Finding {
        guard let seen = outcome.findings.first(where: { $0.subject == subject }) else {
            return Finding(subject, .error, title: title, details: ["it did not run:"] + outcome.stopped(outcome.testRun))
        }
        // Only a judged failure "fails"; an error or a line not measured says why in its own words.
        return Finding(subject, seen.verdict, title: title,
                       details: seen.verdict == .pass ? [] : [(seen.verdict == .fail ? "it fails: " : "") + (seen.details.first ?? "?")])
    }

    private func noTrapFinding(_ outcome: TestOutcome, title: String) -> Finding {
        let subject = Subject(.noTrap)
        guard let testRun = outcome.testRun, testRun.crashed else { return Finding(subject, .pass, title: title) }
        let behaviour = outcome.findings.filter { $0.subject.kind == .behaviour }
        let running = behaviour.count < Check.behaviour.count ? Check.behaviour[behaviour.count].name : "?"
        return Finding(subject, .fail, title: title, details: ["it stopped the checks in \"\(running)\":"] + outcome.stopped(testRun))
    }
}
