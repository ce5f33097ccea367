import Foundation
import Testing
import TrackerSpec
import WatchKitSim

extension StageSuite {
    /// How many days `swift test` explores per stage; `TRACKER_EXPLORE` asks for more
    /// (CI's exploration step).
    public static var schedulesPerStage: Int {
        ProcessInfo.processInfo.environment["TRACKER_EXPLORE"].flatMap(Int.init) ?? 8
    }

    /// Explores `schedulesPerStage` days of a stage and expects exactly the catalogue's
    /// breaks: an invariant that a row present in the stage shows (`InvariantTable`) is a
    /// known issue when broken; any other break fails the run, and so does a present row
    /// that no explored day showed (the catalogue, or the explorer, is wrong). Each
    /// failure names the seed that replays it (`tracker --stage N --seed S`).
    public static func explore(_ app: any WatchApp.Type, stage: Int, count: Int = schedulesPerStage) async throws {
        let exploration = try await Explorer.explore(app, count: count, shrink: false)
        let mayBreak = InvariantTable.mayBreak(in: stage)
        let replay = { (seed: UInt64) in "replay: swift run tracker --stage \(stage) --seed \(seed)" }
        for finding in exploration.findings {
            guard let invariant = finding.invariant else {
                Issue.record("\(finding.noProgress ?? "no progress after launch") (\(replay(finding.seed)))")
                continue
            }
            let what = "\(invariant.rawValue): \(invariant.name) (\(replay(finding.seed)))"
            if mayBreak.contains(invariant) {
                let rows = InvariantTable.explorableRows(in: stage).filter { InvariantTable.invariants(showing: $0.id).contains(invariant) }
                withKnownIssue("\(rows.map(\.id).joined(separator: ", ")) \(what)") { Issue.record(Comment(rawValue: what)) }
            } else {
                Issue.record("a break the catalogue does not list in stage \(stage): \(what)")
            }
        }
        for row in InvariantTable.explorableRows(in: stage) {
            let shows = InvariantTable.invariants(showing: row.id)
            // Without held disk I/O (not Linux) main never waits on a held write.
            if shows == [.noDiskIOOnMain] && !Explorer.holdsDiskIO { continue }
            if exploration.broken.isDisjoint(with: shows) {
                Issue.record("\(row.id) is present in stage \(stage), but no explored day broke \(shows.map(\.rawValue)) (\(count) schedules)")
            }
        }
    }
}
