import CoffeeModel
import Foundation
import SimSupport
import WatchKitSim

extension ExploredDay {
    /// The invariants the settled day breaks, each with what was seen (for a person).
    @MainActor
    static func brokenInvariants(of run: AppRun, facts: DayFacts, healthAvailable: Bool, ledger: [DayLedger.Entry]) -> [Broken] {
        let (logged, imported, deleted) = (facts.logged, facts.imported, facts.deleted)
        let screen = run.drinkRows
        let disk = (try? savedRows(of: run)) ?? []
        let count = { (rows: [String], row: String) in rows.count { $0 == row } }
        var broken: [Broken] = []
        func check(_ invariant: Invariant, _ holds: Bool, _ seen: @autoclosure () -> String) {
            if !holds { broken.append(Broken(invariant: invariant, seen: seen())) }
        }
        let seen = "screen \(screen), disk \(disk)"
        check(.loggedOnce, logged.allSatisfy { count(screen, $0) == 1 && count(disk, $0) == 1 }, "logged \(logged); \(seen)")
        check(.deletedStaysDeleted, deleted.allSatisfy { count(screen, $0) == 0 && count(disk, $0) == 0 }, "deleted \(deleted); \(seen)")
        check(.importedOnce, imported.allSatisfy { count(screen, $0) == 1 && count(disk, $0) == 1 }, "imported \(imported); \(seen)")
        let records = facts.earlierRecords + [run.record]
        let tasks = records.flatMap { record in record.deliveredTasks.map { record.completionCount(of: $0) } }
        let early = TaskSaves.completedBeforeSaving(ledger, samples: facts.sampleIDs)
        check(.taskCompletesOnce, tasks.allSatisfy { $0 == 1 } && early.isEmpty,
              "completions per task \(tasks)" + early.map { "; \($0)" }.joined())
        let health = healthAvailable ? "Health: on" : "Health: unavailable"
        check(.authorizationAnswers, run.screen.contains(health), "no \"\(health)\" on screen:\n\(run.screen)")
        let offMain = records.flatMap(\.offMainCalls)
        check(.mainOnlyOnMain, offMain.isEmpty, "called off main: \(offMain)")
        let face = run.runtime.complicationServer.currentEntry?.text ?? "-"
        check(.complicationShowsTotal, run.screen.contains("Caffeine: \(face)"), "watch face \(face), screen:\n\(run.screen)")
        // What ran where: I/O on the main queue, or main stopped until a held disk access
        // was released (I/O run on another queue on main's behalf, with main waiting).
        let onMain = run.device.container.ioOnMainQueue.count
        check(.noDiskIOOnMain, onMain == 0 && facts.mainWaitedOnDisk == 0,
              "\(onMain) reads and writes on the main queue; main waited on disk I/O at \(facts.mainWaitedOnDisk) steps")
        return broken
    }

    /// The rows of today's drinks in the saved log (none if there is no log).
    @MainActor
    private static func savedRows(of run: AppRun) throws -> [String] {
        try savedDrinks(in: run.device.container).map(Display.row)
    }

    /// The drinks in the saved log, read behind the app's back (none if there is no log).
    static func savedDrinks(in container: AppContainer) throws -> [Drink] {
        let url = container.url(for: DrinkLog.fileName)
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        return try PropertyListDecoder().decode([Drink].self, from: Data(contentsOf: url))
    }
}

/// One invariant a day broke, and what was seen (for a person).
struct Broken: Sendable {
    let invariant: Invariant
    let seen: String
}
