import CoffeeModel
import Foundation
import SimSupport
import WatchKitSim

/// The long-running HealthKit query: other apps' changes reach the screen while the app
/// runs, without a refresh; a refresh that overlaps it imports nothing twice; and it stops
/// when the runtime releases the app.
extension Check {
    static let liveChangesArriveWithoutRefresh = Check(id: "live-changes-arrive-without-refresh", "samples other apps add or delete while the app runs arrive without a refresh") { app in
        try await withRun(app) { run in
            try await run.waitUntilLaunched()
            let sample = run.addSampleFromAnotherApp(mg: 80, minutesAgo: 30)
            try await run.waitForScreen("06:30  80 mg")
            run.health.deleteSample(uuid: sample)
            try await waitUntil("the deleted sample's drink to go:\n\(run.screen)") { run.drinkRows.isEmpty }
            try expect(run.record.deliveredTasks.isEmpty, "a background refresh was delivered: \(run.record.deliveredTasks)")
        }
    }

    static let liveQueryAndRefreshImportOnce = Check(id: "live-query-and-refresh-import-once", "a sample both the live query and a refresh bring is listed once") { app in
        try await withRun(app) { run in
            try await run.waitUntilLaunched()
            // The live query brings it first; the refresh after it must start from there.
            run.addSampleFromAnotherApp(mg: 80, minutesAgo: 30)
            try await run.waitForScreen("06:30  80 mg")
            try await run.refreshInBackground()
            run.runtime.enterForeground()
            try await run.expectRows(["06:30  80 mg"], "the live query's drink once after a refresh")

            // The live query's report and the refresh's query are out at the same time.
            run.addSampleFromAnotherApp(mg: 64, minutesAgo: 10)
            try await run.refreshInBackground()
            run.runtime.enterForeground()
            try await run.expectRows(["06:50  64 mg", "06:30  80 mg"], "each drink once after a refresh that overlapped the live query")
        }
    }

    static let liveQueryStopsWithTheApp = Check(id: "live-query-stops-with-the-app", "the live query stops when the runtime releases the app") { app in
        try await withRun(app) { run in
            try await run.waitUntilLaunched()
            try expect(run.health.longRunningQueries == 1, "one live query after launch, found \(run.health.longRunningQueries)")
            // The terminated launch's objects go when nothing holds them: the runtime drops
            // its scene, and the next launch replaces `CoffeeData.shared`. On the watch the
            // process ends; here one process launches again.
            await run.relaunch()
            try await run.waitUntilLaunched()
            await run.quiesce()
            let running = run.health.longRunningQueries
            try expect(running == 1, "\(running) live queries run after a relaunch: the terminated launch's query still runs")
        }
    }
}
