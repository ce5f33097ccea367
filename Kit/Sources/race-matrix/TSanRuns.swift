import Foundation
import MatrixKit
import TrackerSpec

/// The matrix's TSan measurements: each scenario's reports, attributed to catalogue rows.
struct TSanRuns {
    let runner: RaceScenarioRunner
    let attributor = RaceAttributor(catalogue: Catalogue.defects)
    let sources: PackageSourceLines

    func runCanary(launch: TestLaunch) -> Result<[TSanReport], RunFailure> {
        runner.canaryReports(launch: launch)
    }

    func run(scenario: String, stage: Stage, launch: TestLaunch) -> Result<[RaceFinding], RunFailure> {
        runner.reports(scenario: scenario, stage: stage, launch: launch).map { reports in
            reports.map { attributor.attribute($0, stage: stage, sources: sources) }
        }
    }
}
