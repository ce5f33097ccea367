import CoffeeModel
import Foundation
import SimSupport
import WatchKitSim

/// The interleavings behind the catalogue's ThreadSanitizer rows.
///
/// Each performs one natural interleaving of the app, once: the two accesses are put in
/// order with the simulators' gates and events (relaxed atomics, invisible to TSan), never
/// by editing the app. Without TSan they simply run; under `--sanitize=thread` the stage's
/// own races are reported, and `Scripts/race-matrix` reads those reports.
extension Check {
    public static let races: [Check] = [
        screenDrawnAsAccessIsGranted, drinkAddedDuringAuthorization, refreshDuringQueryResults, drinkAddedDuringSave,
        screenDrawnAsTheDayChanges,
    ]

    /// The user answers the Health sheet while the main thread is busy (the system keeps
    /// it busy at the start of the runtime's turn on main); the same turn then draws what
    /// the app published meanwhile. The reading side is the app's own view: the runtime's
    /// render calls `ContentView.body`, which reads `healthAccess` on main.
    static let screenDrawnAsAccessIsGranted = Check(id: "screen-drawn-as-access-is-granted",
        "race: the screen drawn as Health access is granted", detects: "race-health-access"
    ) { app in
        try await withAuthorizationHeld(app) { run, gate in
            let renders = run.renderCount
            try await run.busyAtRuntimeTurn {
                gate.open()
                // Where the app handles the answer off the main thread, it publishes the new
                // status and starts its first HealthKit load at once; where it handles it on
                // main, nothing can happen until this turn is over.
                let started = run.health.events.queryStarted
                run.busyMainThread(untilIdleOr: { started.count >= 1 })
            }
            // Off main, the change was drawn by that turn; on main, it is drawn at the end of
            // the main-queue turn that handles the answer.
            try await run.waitForRender(since: renders)
            try await run.waitUntilLaunched()
        }
    }

    /// The user adds a drink while the Health sheet is still up, then answers it.
    static let drinkAddedDuringAuthorization = Check(id: "drink-added-during-authorization",
        "race: a drink added while authorization is pending", detects: "race-is-authorized"
    ) { app in
        try await withAuthorizationHeld(app) { run, gate in
            try run.tapAddDrink(.doubleEspresso)
            // Up to stage 3 the drink's HealthKit save has looked at isAuthorized before
            // the drink is on disk; only then does the user answer. (From stage 4 on the
            // HealthKit save comes after the disk save; there is no race either way.)
            try await run.waitForSaves(1)
            gate.open()
            try await run.waitUntilLaunched()
        }
    }

    /// A second refresh starts while the first one's HealthKit query is out.
    static let refreshDuringQueryResults = Check(id: "refresh-during-query-results",
        "race: a refresh starting while another's query is out", detects: "race-query-anchor"
    ) { app in
        try await withRun(app) { run in
            try await run.waitUntilLaunched()
            try await run.twoOverlappingRefreshes { run.addSampleFromAnotherApp(mg: 47, minutesAgo: 15) }
        }
    }

    /// The user adds a drink while the previous one is still being written to disk.
    static let drinkAddedDuringSave = Check(id: "drink-added-during-save",
        "race: a drink added while the last one is being saved", detects: "race-saved-drinks"
    ) { app in
        try await withRun(app) { run in
            try await run.waitUntilLaunched()
            let container = run.device.container
            let gate = container.holdNextWrite()
            try run.tapAddDrink(.smallCoffee)
            try await waitUntil("the first save to be held") { gate.isHeld }
            try run.tapAddDrink(.blackTea)
            gate.open()
            try run.busyMainThread(until: "the first save") { container.fileWritten.count >= 1 } then: {}
            try await run.waitForSaves(2)
        }
    }

    /// Midnight passes while the app is open and the main thread is busy (the system keeps
    /// it busy at the start of the runtime's turn on main, from when the day-change
    /// notification is sent until the app has had its chance to act); the same turn then
    /// draws what the app published meanwhile, reading the drink list in the app's own view.
    ///
    /// Three nights, each on a watch of its own: TSan keeps a few accesses per word, and
    /// lost the write in up to 1 night in 4 on a loaded machine (measured). A report with
    /// the same stacks as an earlier one is not printed again.
    static let screenDrawnAsTheDayChanges = Check(id: "screen-drawn-as-the-day-changes",
        "race: the screen drawn as the day changes", detects: "race-day-change"
    ) { app in
        // 20 hours old at 07:00: listed at launch, past 24 hours after midnight.
        let log = [Drink(mgCaffeine: 96, onDate: SimClock.morning.addingTimeInterval(-20 * 3600))]
        for _ in 1...3 {
            // HealthKit off: the fewer threads that read the list, the fewer accesses TSan must keep.
            try await withRun(app, configure: { $0.health.isAvailable = false }, prepare: { try writeLog(log, to: $0) }) { run in
                try await run.waitUntilLaunched()
                let clock = run.device.clock
                let sent = clock.notificationsSent.count
                // The save that follows the change waits until the screen is drawn (its read
                // of the list would be one more access to keep).
                let save = run.device.container.holdNextWrite()
                // A loop waiting off the main actor takes the notification at once; one on main
                // does nothing until this turn is over. What a loop off main does next tells a
                // race from a fix: it publishes the shorter list at once (the race), or it
                // waits for main (a hop: `MainActor.run`, a main-actor method, the main queue),
                // and then the app has nothing left to do until this turn is over.
                let loopsOffMain = run.runtime.notificationLoopsWaitingOffMain.level
                let taken = run.runtime.notificationsTakenOffMain
                let takenBefore = taken.count
                let published = { run.runtime.storedOffMainSinceTurn > 0 }
                var loopStuck = false
                try await run.busyAtRuntimeTurn {
                    clock.advance(by: 17.5 * 3600)
                    _ = run.busyMainThread(atMost: .seconds(5)) { clock.notificationsSent.count > sent }
                    if loopsOffMain > 0 {
                        // Every loop off main takes its notification, right or wrong; the bound
                        // is for a loop that never does, which no answer's grade depends on.
                        loopStuck = !run.busyMainThread(atMost: .seconds(10)) { taken.count > takenBefore || published() }
                    }
                    // Where the system's own sequence does not say (Apple platforms), or the
                    // app observes with a block: until it has published or has nothing to do.
                    run.busyMainThread(untilIdleOr: published)
                }
                if loopStuck { throw TimedOut(what: "a day-change loop waiting off main to take the notification", after: .seconds(10)) }
                save.open()
                try await waitUntil("yesterday's drink to leave the screen:\n\(run.screen)") { run.drinkRows.isEmpty }
                try await run.waitForSaves(1)
            }
        }
    }

    /// Launches `app` with the Health sheet up: the authorization answer is held at the
    /// returned gate, and the drink log has loaded.
    @MainActor
    static func withAuthorizationHeld(_ app: any WatchApp.Type, _ body: (AppRun, Gate) async throws -> Void) async throws {
        var held: Gate?
        try await withRun(app, prepare: { held = $0.health.hold(.authorization) }) { run in
            let gate = held!
            try await waitUntil("the drink log to load") { run.runtime.complicationServer.reloadCount >= 1 }
            try await waitUntil("the authorization answer to be held") { gate.isHeld }
            try await body(run, gate)
        }
    }
}
