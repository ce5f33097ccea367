import Foundation
import MatrixKit
import TrackerSpec

// Grading, step 4: the verdict of each line from what the grading tests wrote (the race
// scenarios' is in GradeRaces.swift).

extension Grader {
    /// The behaviour checks: every one must pass.
    func behaviourFinding(_ run: GradingRun, _ outcome: TestOutcome) -> Finding {
        let behaviour = outcome.lines.filter { $0.first == "behaviour" }
        let failed = behaviour.filter { $0.count > 1 && $0[1] == "fail" }
        if !run.measuresBehaviour {
            return Finding(title: Self.behaviourTitle, status: .notMeasured, details: [GradingRun.notMeasured])
        } else if behaviour.count < Check.behaviour.count && failed.isEmpty {
            let running = Check.behaviour[behaviour.count].name
            return Finding(
                title: "every behaviour check still passes", status: .fail,
                details: ["the checks stopped in \"\(running)\":"] + outcome.stopped(outcome.testRun))
        } else if failed.isEmpty {
            return Finding(title: "every behaviour check still passes (\(behaviour.count) of \(Check.behaviour.count))", status: .pass)
        }
        return Finding(
            title: "every behaviour check still passes", status: .fail,
            details: failed.map { "\"\($0[2])\" fails: \($0.count > 3 ? $0[3] : "?")" })
    }

    /// The lines of the signals and guards that the tests answer; `graded` holds those
    /// already graded by the build.
    func signalFindings(_ run: GradingRun, _ outcome: TestOutcome, graded: [Finding]) -> [Finding] {
        var findings: [Finding] = []
        for (index, signal) in run.graded.enumerated() {
            if !run.measured(index) {
                if !graded.contains(where: { $0.signal == index }) {
                    findings.append(Finding(title: Self.title(of: signal, in: run.exercise), status: .notMeasured,
                                            details: [GradingRun.notMeasured], signal: index))
                }
                continue
            }
            switch signal {
            case .row(let id): findings.append(rowFinding(id, outcome, signal: index))
            case .check(let name): findings.append(namedFinding("check", name, run, outcome, signal: index))
            case .race(let id): findings.append(raceFinding(id, run, outcome, signal: index))
            case .noTrap: findings.append(noTrapFinding(run, outcome, signal: index))
            case .behaviour(let name): findings.append(namedFinding("behaviour", name, run, outcome, signal: index))
            case .builds, .diagnostic, .absent, .untouched, .testPasses, .testCatchesMutant, .launchGlobalQuiet, .launchGlobalIsolated: break
            }
        }
        return findings
    }

    private func rowFinding(_ id: String, _ outcome: TestOutcome, signal: Int) -> Finding {
        let title = "the suite no longer sees `\(id)`"
        guard let line = outcome.lines.first(where: { $0.first == "row" && $0.count > 2 && $0[2] == id }) else {
            return Finding(title: title, status: .fail, details: ["its check did not run:"] + outcome.stopped(outcome.testRun), signal: signal)
        }
        switch line[1] {
        case "fixed":
            return Finding(title: title, status: .pass,
                           details: ["\"\(line[3])\" passes: the defect is gone (\(Catalogue.defect(id).summary))"], signal: signal)
        case "present":
            return Finding(
                title: title, status: .fail,
                details: ["\"\(line[3])\" still sees it: \(line.count > 4 ? line[4] : "")", "the defect: \(Catalogue.defect(id).summary)"],
                signal: signal)
        default:
            return Finding(
                title: title, status: .fail,
                details: ["\"\(line[3])\" failed for another reason: \(line.count > 4 ? line[4] : "")"], signal: signal)
        }
    }

    /// The verdict of one named line of the grading tests' output (`kind` is "check" for the
    /// workbench's own checks, "behaviour" for the shared suite's).
    private func namedFinding(_ kind: String, _ name: String, _ run: GradingRun, _ outcome: TestOutcome, signal: Int) -> Finding {
        let title = Self.title(of: run.graded[signal], in: run.exercise)
        guard let line = outcome.lines.first(where: { $0.first == kind && $0.count > 2 && $0[2] == name }) else {
            return Finding(title: title, status: .fail, details: ["it did not run:"] + outcome.stopped(outcome.testRun), signal: signal)
        }
        return Finding(
            title: title, status: line[1] == "pass" ? .pass : .fail,
            details: line[1] == "pass" ? [] : ["it fails: \(line.count > 3 ? line[3] : "?")"], signal: signal)
    }

    private func noTrapFinding(_ run: GradingRun, _ outcome: TestOutcome, signal: Int) -> Finding {
        let title = Self.title(of: run.graded[signal], in: run.exercise)
        guard let testRun = outcome.testRun, testRun.crashed else { return Finding(title: title, status: .pass, signal: signal) }
        let behaviour = outcome.lines.filter { $0.first == "behaviour" }
        let running = behaviour.count < Check.behaviour.count ? Check.behaviour[behaviour.count].name : "?"
        return Finding(
            title: title, status: .fail, details: ["it stopped the checks in \"\(running)\":"] + outcome.stopped(testRun), signal: signal)
    }
}
