import CoffeeModel
import Foundation
import SimSupport
import WatchKitSim

/// What every stage keeps: the migration must not change any of it.
extension Check {
    public static let behaviour: [Check] = [
        addingADrink, drinksSurviveARelaunch, oldDrinksAreDropped, otherAppsSamplesArrive,
        refreshCompletesOnceAndSchedules, complicationShowsTheLevel, corruptLogIsSetAside,
        relaunchImportsNothingTwice, deletionsWhileNotRunningApply, ownDrinkDeletedInHealthDisappears,
        reminderWhenCaffeineRunsLow, diskWorkStaysOffMain, overlappingSavesKeepEveryDrink,
        dayChangeDropsOldDrinks, eachLaunchSharesItsOwnModel,
        liveChangesArriveWithoutRefresh, liveQueryAndRefreshImportOnce, liveQueryStopsWithTheApp,
    ]

    static let addingADrink = Check(id: "adding-a-drink", "adding a drink updates the list and the caffeine level") { app in
        try await withRun(app) { run in
            try await run.waitUntilLaunched()
            try await run.waitForScreen("No drinks today")
            try await run.addDrink(.singleEspresso)
            try expect(run.screen.contains("Caffeine: 64 mg"), "caffeine level after an espresso:\n\(run.screen)")
            try expect(run.drinkRows == ["07:00  64 mg"], "drink list after an espresso:\n\(run.screen)")
            run.device.clock.advance(by: Drink.halfLife)
            // The runtime draws the screen again at its next turn on main after the clock moved.
            try await run.waitForRender()
            try expect(run.screen.contains("Caffeine: 32 mg"), "caffeine level one half-life later:\n\(run.screen)")
        }
    }

    static let drinksSurviveARelaunch = Check(id: "drinks-survive-a-relaunch", "drinks survive a relaunch") { app in
        try await withRun(app) { run in
            try await run.waitUntilLaunched()
            try await run.addDrink(.latte)
            try await run.waitForSaves(1)
            await run.relaunch()
            try await run.waitForScreen("07:00  128 mg")
            try expect(run.drinkRows.count == 1, "one drink after relaunch:\n\(run.screen)")
        }
    }

    static let oldDrinksAreDropped = Check(id: "old-drinks-are-dropped", "drinks older than 24 hours are dropped") { app in
        let now = SimClock.morning
        let log = [
            Drink(mgCaffeine: 96, onDate: now.addingTimeInterval(-25 * 3600)),
            Drink(mgCaffeine: 47, onDate: now.addingTimeInterval(-3600)),
        ]
        try await withRun(app, prepare: { try writeLog(log, to: $0) }) { run in
            try await run.waitUntilLaunched()
            try await run.waitForScreen("06:00  47 mg")
            try expect(run.drinkRows == ["06:00  47 mg"], "only the drink of the last day:\n\(run.screen)")
        }
    }

    static let otherAppsSamplesArrive = Check(id: "other-apps-samples-arrive", "samples other apps add or delete arrive through a refresh") { app in
        try await withRun(app) { run in
            try await run.waitUntilLaunched()
            let sample = run.addSampleFromAnotherApp(mg: 80, minutesAgo: 30)
            try await run.refreshInBackground()
            run.runtime.enterForeground()
            try expect(run.drinkRows == ["06:30  80 mg"], "the other app's drink after a refresh:\n\(run.screen)")

            run.health.deleteSample(uuid: sample)
            try await run.refreshInBackground()
            run.runtime.enterForeground()
            try expect(run.drinkRows.isEmpty, "no drink after the other app deleted it:\n\(run.screen)")
        }
    }

    static let refreshCompletesOnceAndSchedules = Check(id: "refresh-completes-once-and-schedules", "a background refresh completes its task once and schedules the next") { app in
        try await withRun(app) { run in
            try await run.waitUntilLaunched()
            // The live query's report of the sample waits until the refresh is done: the
            // refresh's own I/O is what its completion owes, not a save the report started
            // beside it (seen once in stage 4 and once in stage 6 under load).
            let report = run.health.hold(.update)
            defer { report.open() }
            run.addSampleFromAnotherApp(mg: 34, minutesAgo: 5)
            let scheduledBefore = run.record.scheduledRefreshes.count
            try await run.refreshInBackground()
            // A second completion, if any, comes before the app has nothing left to do.
            await run.waitUntilIdle(holding: [report]) { false }
            let completions = run.record.completions
            try expect(completions.count == 1, "one completion, got \(completions.count)")
            try expect(completions[0].ioInFlight == 0, "the task was completed with disk I/O still running")
            try expect(run.record.scheduledRefreshes.count == scheduledBefore + 1, "the next refresh was not scheduled")
        }
    }

    static let complicationShowsTheLevel = Check(id: "complication-shows-the-level", "the complication shows the current caffeine level") { app in
        try await withRun(app) { run in
            try await run.waitUntilLaunched()
            try await run.addDrink(.largeCoffee)
            try await waitUntil("the complication to show 192 mg") {
                run.runtime.complicationServer.currentEntry?.text == "192 mg"
            }
        }
    }

    static let corruptLogIsSetAside = Check(id: "corrupt-log-is-set-aside", "a corrupt drink log is reported, set aside and never overwritten") { app in
        let garbage = Data("not a property list".utf8)
        try await withRun(app, prepare: { try garbage.write(to: $0.container.url(for: DrinkLog.fileName)) }) { run in
            try await run.waitUntilLaunched()
            let kept = DrinkLog.corruptFileName(number: 1)
            try expect(run.screen.contains("unreadable; kept as \(kept)"), "the problem is reported:\n\(run.screen)")
            try await run.addDrink(.greenTea)
            try await run.waitForSaves(1)
            let keptData = try Data(contentsOf: run.device.container.url(for: kept))
            try expect(keptData == garbage, "the unreadable log was changed")
            try expect(try readLog(from: run.device).count == 1, "a fresh log holds the new drink")
        }
    }

    static let relaunchImportsNothingTwice = Check(id: "relaunch-imports-nothing-twice", "a relaunch imports nothing twice") { app in
        try await withRun(app) { run in
            try await run.waitUntilLaunched()
            run.addSampleFromAnotherApp(mg: 80, minutesAgo: 30)
            try await run.refreshInBackground()
            try await run.waitForSaves(1)
            // HealthKit answers late, after the drink log is read.
            try await run.relaunchWithHealthKitAnsweringLate()
            try await run.waitUntilLaunched()
            try await run.expectRows(["06:30  80 mg"], "the other app's drink once after a relaunch")
        }
    }

    static let deletionsWhileNotRunningApply = Check(id: "deletions-while-not-running-apply", "deletions made while the app was not running apply at the next launch") { app in
        try await withRun(app) { run in
            try await run.waitUntilLaunched()
            let sample = run.addSampleFromAnotherApp(mg: 80, minutesAgo: 30)
            try await run.refreshInBackground()
            try await run.waitForSaves(1)
            run.runtime.terminate()
            run.health.deleteSample(uuid: sample)
            // HealthKit answers late, after the drink log is read.
            try await run.relaunchWithHealthKitAnsweringLate()
            try await run.waitUntilLaunched()
            try await run.expectRows([], "no drink after the other app deleted it while the app was closed")
        }
    }

    static let ownDrinkDeletedInHealthDisappears = Check(id: "own-drink-deleted-in-health-disappears", "a drink the user deletes in the Health app disappears") { app in
        try await withRun(app) { run in
            try await run.waitUntilLaunched()
            try await run.addDrink(.doubleEspresso)
            let own = try await run.waitForOwnSampleInHealth()
            run.health.deleteSample(uuid: own)
            try await run.refreshInBackground()
            run.runtime.enterForeground()
            try await run.expectRows([], "the drink deleted in the Health app is gone")
        }
    }

    static let reminderWhenCaffeineRunsLow = Check(id: "reminder-when-caffeine-runs-low", "a reminder shows when the caffeine level falls below 50 mg") { app in
        try await withRun(app) { run in
            try await run.waitUntilLaunched()
            try await run.addDrink(.singleEspresso)
            let server = run.runtime.complicationServer
            try await waitUntil("the complication to show 64 mg") { server.currentEntry?.text == "64 mg" }
            try expect(!run.screen.contains("time for a coffee?"), "no reminder at 64 mg:\n\(run.screen)")
            run.device.clock.advance(by: Drink.halfLife)
            // The watch face asks for a fresh entry, as ClockKit does from time to time.
            server.reloadTimeline(for: .caffeine)
            try await run.waitForScreen("Under 50 mg: time for a coffee?")
        }
    }

    /// Where the app's code runs, measured: the container counts reads and writes made on
    /// the main queue, and the runtime records main-thread-only calls made off it. Every
    /// stage decodes the log where it reads it and encodes it where it writes it.
    ///
    /// The app stays in the foreground and HealthKit is off, so that the check does not
    /// count again what rows already count: a save during a background refresh
    /// (`main-thread-blocked`) and HealthKit answers handled off main (stages 0-2).
    static let diskWorkStaysOffMain = Check(id: "disk-work-stays-off-main", "the drink log is read and written off the main thread, the model updated on it") { app in
        let log = [Drink(mgCaffeine: 47, onDate: SimClock.morning.addingTimeInterval(-3600))]
        try await withRun(app, configure: { $0.health.isAvailable = false }, prepare: { try writeLog(log, to: $0) }) { run in
            try await run.waitUntilLaunched()
            try await run.addDrink(.singleEspresso)
            try await run.waitForSaves(1)
            await run.relaunch()
            try await run.waitForScreen("07:00  64 mg")
            await run.quiesce()
            let container = run.device.container
            try expect(container.fileRead.count >= 2 && container.fileWritten.count >= 1,
                       "two launches read the log and a drink was saved (reads \(container.fileRead.count), writes \(container.fileWritten.count))")
            try expect(container.ioOnMainQueue.count == 0,
                       "\(container.ioOnMainQueue.count) of \(container.fileRead.count + container.fileWritten.count) reads and writes ran on the main thread")
            try expect(run.record.offMainCalls.isEmpty, "main-thread-only calls made off it: \(run.record.offMainCalls)")
        }
    }

    static func writeLog(_ drinks: [Drink], to device: WatchDevice) throws {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        try encoder.encode(drinks).write(to: device.container.url(for: DrinkLog.fileName))
    }

    static func readLog(from device: WatchDevice) throws -> [Drink] {
        try PropertyListDecoder().decode([Drink].self, from: Data(contentsOf: device.container.url(for: DrinkLog.fileName)))
    }
}
