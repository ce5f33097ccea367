import CoffeeModel
import Foundation
import HealthKitSim
import WatchKitSim

/// What the day did that the invariants are about: rows as the screen shows them.
struct DayFacts: Sendable {
    var logged: [String] = []
    var imported: [String] = []
    var deleted: [String] = []
    /// The sample another app adds during the day (the one it may delete).
    var sample: UUID?
    /// The sample another app had added before the first launch, if the day has one.
    var sampleAtLaunch: UUID?
    /// The records of the launches before the current one.
    var earlierRecords: [RuntimeRecord] = []
    /// Steps at which main was stopped, waiting on a held disk access.
    var mainWaitedOnDisk = 0
}

extension ExploredDay {
    /// The drinks the user logs, in turn: each a caffeine amount no other drink of the day
    /// has, so its row names it.
    static let drinksToLog: [DrinkType] = [.singleEspresso, .smallCoffee]
    /// Another app's sample: 80 mg, 20 minutes ago.
    static let sampleMG = 80.0, sampleMinutesAgo = 20.0
    /// The sample already in Health when the app first launches: 40 mg, three hours ago.
    static let earlierSampleMG = 40.0, earlierSampleMinutesAgo = 180.0

    @MainActor
    static func perform(_ action: DayAction, on run: AppRun, facts: DayFacts) async throws -> DayFacts {
        var facts = facts
        let clock = run.device.clock
        switch action {
        case .log:
            // The user raises the wrist and taps: the app is in the foreground.
            run.runtime.enterForeground()
            let type = drinksToLog[facts.logged.count % drinksToLog.count]
            try run.tapAddDrink(type)
            facts.logged.append(row(at: clock.now, mg: type.mgCaffeinePerServing))
        case .addSample:
            facts.sample = run.addSampleFromAnotherApp(mg: sampleMG, minutesAgo: sampleMinutesAgo)
            facts.imported.append(row(at: clock.now.addingTimeInterval(-sampleMinutesAgo * 60), mg: sampleMG))
        case .deleteSample:
            if let sample = facts.sample { run.health.deleteSample(uuid: sample) }
            let gone = row(at: clock.now.addingTimeInterval(-sampleMinutesAgo * 60), mg: sampleMG)
            facts.deleted.append(gone)
            facts.imported.removeAll { $0 == gone }
        case .refresh:
            run.runtime.deliverBackgroundRefresh()
        case .relaunch:
            facts.earlierRecords.append(run.record)
            await run.relaunch()
        case .failQueries:
            run.health.failQueries(with: HKError(.errorDatabaseInaccessible))
        case .recoverQueries:
            run.health.failQueries(with: nil)
        }
        return facts
    }

    static func row(at date: Date, mg: Double) -> String {
        "\(Display.time(date))  \(Display.milligrams(mg))"
    }
}

extension DayFacts {
    /// The other apps' samples the day has, as ids (what the ledger names).
    var sampleIDs: Set<String> { Set([sample, sampleAtLaunch].compactMap { $0?.uuidString }) }

    /// Notes the sample another app added before the first launch: the app owes it too.
    mutating func sawAtLaunch(_ sample: UUID, on clock: SimClock) {
        sampleAtLaunch = sample
        let date = clock.now.addingTimeInterval(-ExploredDay.earlierSampleMinutesAgo * 60)
        imported.append(ExploredDay.row(at: date, mg: ExploredDay.earlierSampleMG))
    }
}
