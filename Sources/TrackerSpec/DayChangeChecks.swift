import CoffeeModel
import Foundation
import SimSupport
import WatchKitSim

/// What every stage keeps when the calendar day changes: the list shows the last 24 hours
/// at once, not at its next change, and only the running app's model reacts.
extension Check {
    static let dayChangeDropsOldDrinks = Check(id: "day-change-drops-old-drinks",
        "when the day changes, drinks older than 24 hours leave the screen and the log; a terminated app's model no longer reacts"
    ) { app in
        let morning = SimClock.morning
        // 20 hours old at 07:00: listed at launch, past 24 hours after midnight.
        let log = [
            Drink(mgCaffeine: 96, onDate: morning.addingTimeInterval(-20 * 3600)),
            Drink(mgCaffeine: 47, onDate: morning.addingTimeInterval(-3600)),
        ]
        try await withRun(app, prepare: { try writeLog(log, to: $0) }) { run in
            try await run.waitUntilLaunched()
            try await run.expectRows(["06:00  47 mg", "11:00  96 mg"], "yesterday's and today's drinks at launch")
            // The first launch's model is released here, with whatever watches the day.
            await run.relaunch()
            try await run.waitUntilLaunched()
            try await run.addDrink(.latte)
            try await run.waitForSaves(1)
            await run.quiesce()
            let writes = run.device.container.fileWritten.count

            // 07:00 to 00:30: the clock crosses midnight, and the watch says so.
            run.device.clock.advance(by: 17.5 * 3600)
            try await waitUntil("yesterday's drink to leave the screen:\n\(run.screen)") {
                !run.drinkRows.contains("11:00  96 mg")
            }
            try await run.expectRows(["07:00  128 mg", "06:00  47 mg"], "today's drinks stay")
            let written = run.device.container.fileWritten.count - writes
            try expect(written == 1, "the day change wrote the log \(written) times, not once: a model of an earlier launch still reacts")
            let saved = try readLog(from: run.device).map(\.mgCaffeine)
            try expect(saved == [47, 128], "the log after the day change holds \(saved) mg, not [47.0, 128.0]")

            await run.relaunch()
            try await run.waitUntilLaunched()
            try await run.expectRows(["07:00  128 mg", "06:00  47 mg"], "no drink lost or doubled after a relaunch")
        }
    }
}
