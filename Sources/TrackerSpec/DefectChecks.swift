import CoffeeModel
import Foundation
import SimSupport
import WatchKitSim

/// The checks that find the catalogue's suite and watchdog defects. Each sets the scene,
/// then asserts the correct behaviour inside `observing(_:)`: only that step's failure is
/// the defect (a known issue where the catalogue lists it); a failure while setting the
/// scene fails the run everywhere.
extension Check {
    public static let defects: [Check] = [
        authorizationAnswersWithoutHealthKit, failedRefreshCompletesOnMain, authorizationCallsBackOnMain,
        refreshKeepsMainThreadFree, overlappingRefreshesImportOnce, launchKeepsWhatArrivesDuringLoad,
    ]

    static let authorizationAnswersWithoutHealthKit = Check(id: "authorization-answers-without-healthkit",
        "the app learns that HealthKit is unavailable", detects: "auth-never-answers"
    ) { app in
        try await withRun(app, configure: { $0.health.isAvailable = false }) { run in
            // The launch is over when the drink log has loaded and the app has nothing
            // left to do: an answer that has not come by then never comes.
            try await run.waitUntilLaunched()
            try await observing("auth-never-answers") {
                try expect(run.screen.contains("Health: unavailable"), "the app never learned that HealthKit is unavailable:\n\(run.screen)")
            }
        }
    }

    static let failedRefreshCompletesOnMain = Check(id: "failed-refresh-completes-on-main",
        "a refresh whose HealthKit load fails does its main-thread work on main", detects: "refresh-completes-off-main"
    ) { app in
        try await withRun(app) { run in
            try await run.waitUntilLaunched()
            let before = run.record.offMainCalls.count
            run.health.failQueries(with: .init(.errorDatabaseInaccessible))
            try await run.refreshInBackground()
            await run.mainQueueTurn()
            let calls = run.record.offMainCalls.dropFirst(before)
            try await observing("refresh-completes-off-main") {
                try expect(calls.isEmpty, "main-thread-only calls made off it during the refresh: \(Array(calls))")
            }
        }
    }

    static let authorizationCallsBackOnMain = Check(id: "authorization-calls-back-on-main",
        "the work after authorization runs on the main thread", detects: "shim-calls-back-off-main"
    ) { app in
        try await withRun(app) { run in
            try await run.waitUntilLaunched()
            try await observing("shim-calls-back-off-main") {
                try expect(run.record.offMainCalls.isEmpty, "main-thread-only calls made off it: \(run.record.offMainCalls)")
            }
        }
    }

    /// The disk is made slow, as a watch's flash is: a write that main waits for blocks the
    /// UI that long. The verdict counts, never times: disk I/O the container saw on the main
    /// queue, and main seen waiting on the refresh's write, which is held (a `sync` from main
    /// runs on another queue, so only main's waiting shows it: `MainWaitWatch`). The stall's
    /// length, measured by the watchdog, is only shown.
    static let slowDisk: Duration = .milliseconds(250)

    static let refreshKeepsMainThreadFree = Check(id: "refresh-keeps-main-thread-free",
        "a background refresh never blocks the main thread on disk I/O", detects: "main-thread-blocked"
    ) { app in
        try await withRun(app) { run in
            try await run.waitUntilLaunched()
            // Slow from here on: the refresh's I/O is what this measures, not the launch's.
            run.device.container.diskDelay = slowDisk
            // The live query's report of the sample is held until the refresh is done, so
            // the refresh, not the report, imports it and has a write to make, whatever the
            // scheduler does (a report that beat it left it nothing to save: 2 runs of 6 red
            // beside four busy loops). The refresh stops the query, which drops the report.
            let report = run.health.hold(.update)
            defer { report.open() }
            let container = run.device.container
            let (writesBefore, onMainBefore, waitsBefore) =
                (container.fileWritten.count, container.ioOnMainQueue.count, run.mainWaitsOnHeldEvents)
            let seesMainWaiting = RunnableThreads.count() != nil
            let write = seesMainWaiting ? container.holdNextWrite() : nil
            defer { write?.open() }
            run.addSampleFromAnotherApp(mg: 64, minutesAgo: 10)
            run.runtime.enterBackground()
            run.runtime.resetStallMeasurement()
            let task = run.runtime.deliverBackgroundRefresh()
            // Main free: the write waits, held, until the app has nothing else to do. Main
            // waiting on it: the watch sees that and lets it go (this wait resumes after).
            await run.waitUntilIdle(holding: [report] + [write].compactMap { $0 }) {
                write?.opened ?? true
            }
            write?.open()
            try await waitUntil("background task \(task.identifier) to complete") {
                run.record.completionCount(of: task.identifier) >= 1
            }
            await run.waitUntilIdle(holding: [report]) { false }
            let onMain = container.ioOnMainQueue.count - onMainBefore
            let mainWaited = run.mainWaitsOnHeldEvents - waitsBefore
            // No write, no measurement: the refresh must have saved the imported drink.
            try expect(container.fileWritten.count > writesBefore, "the refresh wrote nothing to disk")
            if onMain == 0 && !seesMainWaiting { throw RunJudgedNothing(reasons: [.threadStatesUnread]) }
            try await observing("main-thread-blocked") {
                try expect(onMain == 0 && mainWaited == 0, """
                    main waited on the refresh's disk I/O: \(onMain) read(s) or write(s) on the main queue, \
                    \(mainWaited) wait(s) on a write held for it, each \(slowDisk) on a watch \
                    (longest stall seen: \(run.runtime.longestMainStall))
                    """)
            }
        }
    }

    static let overlappingRefreshesImportOnce = Check(id: "overlapping-refreshes-import-once",
        "two overlapping refreshes import a sample once", detects: "duplicate-import"
    ) { app in
        try await withRun(app) { run in
            try await run.waitUntilLaunched()
            try await run.twoOverlappingRefreshes { run.addSampleFromAnotherApp(mg: 80, minutesAgo: 20) }
            run.runtime.enterForeground()
            try await observing("duplicate-import") {
                try expect(run.drinkRows == ["06:40  80 mg"], "the sample imported once:\n\(run.screen)")
            }
        }
    }

    /// At launch, HealthKit answers and the user adds a drink while the drink log is still
    /// being read; then the other app deletes its sample while the app is closed, and the
    /// app is launched again in the same way.
    static let launchKeepsWhatArrivesDuringLoad = Check(id: "launch-keeps-what-arrives-during-load",
        "nothing that arrives while the drink log is read at launch is lost", detects: "launch-loses-drinks"
    ) { app in
        let onDisk = Drink(mgCaffeine: 47, onDate: SimClock.morning.addingTimeInterval(-3600))
        var fromAnotherApp: UUID?
        var read: Gate?
        try await withRun(app, prepare: { device in
            try writeLog([onDisk], to: device)
            fromAnotherApp = AppRun.addSampleFromAnotherApp(mg: 80, minutesAgo: 30, to: device)
            read = device.container.holdNextRead()
        }) { run in
            try await run.whileTheLogIsRead(read!) {
                try run.tapAddDrink(.singleEspresso)
            }
            try await run.waitUntilLaunched()
            try await observing("launch-loses-drinks") {
                try await run.expectRows(
                    ["07:00  64 mg", "06:30  80 mg", "06:00  47 mg"], "the logged drink, the other app's and the one added at launch")
            }

            run.runtime.terminate()
            run.health.deleteSample(uuid: fromAnotherApp!)
            let readAgain = run.device.container.holdNextRead()
            await run.relaunch()
            try await run.whileTheLogIsRead(readAgain) {}
            try await run.waitUntilLaunched()
            try await observing("launch-loses-drinks") {
                try await run.expectRows(
                    ["07:00  64 mg", "06:00  47 mg"], "the other app's drink, deleted while the app was closed, gone after a slow launch")
            }
        }
    }
}

extension AppRun {
    /// Two refreshes whose HealthKit loads overlap: both queries are out before the
    /// first one's results arrive.
    ///
    /// The first query is held at a gate until the second has started; then the main
    /// thread releases it and stays busy until its results are delivered, so that the
    /// two loads' accesses follow each other closely (TSan forgets an access once enough
    /// happens after it).
    ///
    /// `change` (another app's sample, say) happens once the first query is out: the app's
    /// live query is stopped then, so only the two refreshes bring it, whatever the timing.
    func twoOverlappingRefreshes(afterTheFirstStarts change: () -> Void) async throws {
        let started = health.events.queryStarted.count
        let answered = health.events.queryAnswered.count
        let gate = health.hold(.query)
        let first = runtime.deliverBackgroundRefresh()
        try await waitUntil("the first refresh's query to be held") { gate.isHeld }
        change()
        let second = runtime.deliverBackgroundRefresh()
        // An app that shares one load among overlapping refreshes starts no second query:
        // wait until the second refresh has started one, or has nothing left to do but wait
        // for the first, then go on either way.
        await waitUntilIdle(holding: [gate]) { health.events.queryStarted.count >= started + 2 }
        gate.open()
        try busyMainThread(until: "the first refresh's results") { health.events.queryAnswered.count > answered } then: {}
        try await waitUntil("both refresh tasks to complete") {
            record.completionCount(of: first.identifier) >= 1 && record.completionCount(of: second.identifier) >= 1
        }
        await mainQueueTurn()
    }

    /// Holds the launch's read of the drink log at `read` while `during` runs, and, where
    /// the app asks HealthKit during the read, until its first query is answered and the
    /// answer applied (stages that load first and then ask HealthKit are idle instead:
    /// either way the gate opens on an event, not after a time).
    func whileTheLogIsRead(_ read: Gate, _ during: () throws -> Void) async throws {
        let answered = health.events.queryAnswered.count
        try await waitUntil("the drink log to be read") { read.isHeld }
        try during()
        if await waitUntilIdle(holding: [read], or: { health.events.queryAnswered.count > answered }) {
            // Answered is not applied: the app still hands the results on (to its actor,
            // to main). Let it finish before the log arrives, however long that takes.
            await waitUntilIdle(holding: [read]) { false }
        }
        read.open()
    }
}
