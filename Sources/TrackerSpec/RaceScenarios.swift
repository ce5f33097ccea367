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
    public static let races: [Check] = [drinkAddedDuringAuthorization, refreshDuringQueryResults, drinkAddedDuringSave]

    /// The user answers the Health sheet, and adds a drink before the app has handled
    /// the answer on the main thread.
    static let drinkAddedDuringAuthorization = Check(
        "race: a drink added as authorization is answered", detects: "race-is-authorized"
    ) { app in
        var gate: Gate?
        try await withRun(app, prepare: { gate = $0.health.hold(.authorization) }) { run in
            try await waitUntil("the drink log to load") { run.runtime.complicationServer.reloadCount >= 1 }
            try await waitUntil("the authorization answer to be held") { gate?.isHeld == true }
            let answered = run.health.events.authorizationAnswered
            try run.busyMainThread(until: "the authorization answer") {
                gate?.open()
                return answered.count >= 1
            } then: {
                try run.addDrink(.doubleEspresso)
            }
            try await run.waitUntilLaunched()
            try await run.waitForSaves(1)
        }
    }

    /// A second refresh starts while the first one's HealthKit query is out.
    static let refreshDuringQueryResults = Check(
        "race: a refresh starting while another's query is out", detects: "race-query-anchor"
    ) { app in
        try await withRun(app) { run in
            try await run.waitUntilLaunched()
            run.addSampleFromAnotherApp(mg: 47, minutesAgo: 15)
            try await run.twoOverlappingRefreshes()
        }
    }

    /// The user adds a drink while the previous one is still being written to disk.
    static let drinkAddedDuringSave = Check(
        "race: a drink added while the last one is being saved", detects: "race-saved-drinks"
    ) { app in
        try await withRun(app) { run in
            try await run.waitUntilLaunched()
            let container = run.device.container
            let gate = container.holdNextWrite()
            try run.addDrink(.smallCoffee)
            try await waitUntil("the first save to be held") { gate.isHeld }
            try run.addDrink(.blackTea)
            gate.open()
            try run.busyMainThread(until: "the first save") { container.fileWritten.count >= 1 } then: {}
            try await run.waitForSaves(2)
        }
    }
}
