import CoffeeModel
import Foundation
import HealthKitSim
import SimSupport
import WatchKitSim

extension ExploredDay {
    /// The invariants the settled day breaks, each with what was seen (for a person) and its
    /// witnesses (what a grade compares with the kit's solution's day).
    @MainActor
    static func brokenInvariants(
        of run: AppRun, facts: DayFacts, healthAvailable: Bool, ledger: [DayLedger.Entry], countingHealth: Bool = false
    ) -> [Broken] {
        let (logged, imported, deleted) = (facts.logged, facts.imported, facts.deleted)
        // Every store a drink lives in: a drink the user logged reaches Health too.
        let stores: [(name: String, rows: [String])] = [("screen", run.drinkRows), ("disk", (try? savedRows(of: run)) ?? [])]
        let health = stores + (healthAvailable && countingHealth ? [("Health", healthRows(of: run))] : [])
        var broken: [Broken] = []
        func check(_ invariant: Invariant, _ holds: Bool, _ seen: @autoclosure () -> String, witnesses: [String] = []) {
            if !holds { broken.append(Broken(invariant: invariant, seen: seen(), witnesses: witnesses)) }
        }
        let seen = health.map { "\($0.name) \($0.rows)" }.joined(separator: ", ")
        func rows(_ expected: [String], each times: Int, in stores: [(name: String, rows: [String])]) -> [String] {
            Witness.deviations(expected, times: times, in: stores)
        }
        let loggedOff = rows(logged, each: 1, in: health)
        check(.loggedOnce, loggedOff.isEmpty, "logged \(logged); \(seen)", witnesses: loggedOff)
        let deletedOff = rows(deleted, each: 0, in: stores)
        check(.deletedStaysDeleted, deletedOff.isEmpty, "deleted \(deleted); \(seen)", witnesses: deletedOff)
        let importedOff = rows(imported, each: 1, in: stores)
        check(.importedOnce, importedOff.isEmpty, "imported \(imported); \(seen)", witnesses: importedOff)
        let records = facts.earlierRecords + [run.record]
        let tasks = records.flatMap { record in record.deliveredTasks.map { record.completionCount(of: $0) } }
        let early = TaskSaves.completedBeforeSaving(ledger, samples: facts.sampleIDs)
        check(.taskCompletesOnce, tasks.allSatisfy { $0 == 1 } && early.isEmpty,
              "completions per task \(tasks)" + early.map { "; \($0)" }.joined(),
              witnesses: tasks.filter { $0 != 1 }.map { "a task completed \($0) times" } + early.map { _ in "completed before saving" })
        let healthWords = healthAvailable ? "Health: on" : "Health: unavailable"
        check(.authorizationAnswers, run.screen.contains(healthWords), "no \"\(healthWords)\" on screen:\n\(run.screen)")
        let offMain = records.flatMap(\.offMainCalls)
        check(.mainOnlyOnMain, offMain.isEmpty, "called off main: \(offMain)", witnesses: Array(Set(offMain.map { "\($0)" })).sorted())
        let face = run.runtime.complicationServer.currentEntry?.text ?? "-"
        check(.complicationShowsTotal, run.screen.contains("Caffeine: \(face)"), "watch face \(face), screen:\n\(run.screen)")
        // What ran where: I/O on the main queue, or main stopped until a held disk access
        // was released (I/O run on another queue on main's behalf, with main waiting).
        let onMain = run.device.container.ioOnMainQueue.count
        check(.noDiskIOOnMain, onMain == 0 && facts.mainWaitedOnDisk == 0,
              "\(onMain) reads and writes on the main queue; main waited on disk I/O at \(facts.mainWaitedOnDisk) steps")
        return broken
    }

    /// The rows of the caffeine samples in Health now, the app's and other apps'.
    @MainActor
    private static func healthRows(of run: AppRun) -> [String] {
        run.health.samples.map { row(at: $0.startDate, mg: $0.quantity.doubleValue(for: .gramUnit(with: .milli))) }
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
    var witnesses: [String] = []
}

/// What a broken invariant lost or duplicated, one entry an item: "disk lost", "Health
/// extra", a call made off main. Two answers' days of the same seed compare by these
/// (how many of each), not by rows, whose times follow the order the day took.
public enum Witness {
    /// One "STORE lost" or "STORE extra" entry per missing or surplus copy of each expected row.
    static func deviations(_ expected: [String], times: Int, in stores: [(name: String, rows: [String])]) -> [String] {
        stores.flatMap { store in
            expected.flatMap { row -> [String] in
                let seen = store.rows.count { $0 == row }
                return Array(repeating: "\(store.name) \(seen < times ? "lost" : "extra")", count: abs(seen - times))
            }
        }
    }

    /// The witnesses of `answer` that `solution` does not have as many of: what the answer
    /// loses or duplicates beyond the kit's solution on the same day.
    public static func beyond(_ answer: [String], _ solution: [String]) -> [String] {
        var left = Dictionary(solution.map { ($0, 1) }, uniquingKeysWith: +)
        return answer.filter { witness in
            guard let count = left[witness], count > 0 else { return true }
            left[witness] = count - 1
            return false
        }
    }
}
