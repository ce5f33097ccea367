// Copied by Scripts/workbench into the exercise's tests before every check: not yours to edit.
//
// The workbench's own checks: behaviour an exercise's step must keep that no check of the
// shared suite exercises, so that a plausible wrong answer cannot pass. Each is named by
// its id (ExerciseCheckIDs.swift) in an exercise's exercise.json.
import Foundation
import HealthKitSim
import SimSupport
import TrackerSpec
import WatchKitSim

struct ExerciseCheckFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

enum ExerciseChecks {
    static func run(_ id: String, on app: any WatchApp.Type) async throws {
        guard let check = ExerciseCheckID(rawValue: id) else { throw ExerciseCheckFailure("the workbench has no check \"\(id)\"") }
        // A metatype carries no state: sound to hand to the main actor.
        nonisolated(unsafe) let app = app
        try await OneAppAtATime.shared.run { @MainActor in
            var sheet: Gate?
            // Where the app made its HealthKit requests: only the check that asks reads it.
            let timeline = check == .authorizationWorkOnMain ? TimelineRecorder() : nil
            let run = try AppRun(app, configure: { $0.timeline = timeline }, prepare: { device in
                if check == .earlierSampleArrives { sheet = sampleThenHeldSheet(on: device) }
            })
            try await run.finish { run in
                switch check {
                case .failedQueryStillCompletes: try await failedQueryStillCompletes(run)
                case .overlappingRefreshWaitsForTheLoad: try await overlappingRefreshWaitsForTheLoad(run)
                case .threeRefreshesImportOnce: try await threeRefreshesImportOnce(run)
                case .authorizationWorkOnMain: try await authorizationWorkOnMain(run, timeline: timeline)
                case .reminderSetOnMain: try await reminderSetOnMain(run)
                case .addingADrinkDoesNotWait: try await addingADrinkDoesNotWaitForHealthKit(run)
                case .earlierSampleArrives: try await earlierSampleArrives(run, sheet: sheet)
                case .twoTapsSaveBoth: try await twoTapsSaveBoth(run)
                case .reportBufferedAtRelease: try await reportBufferedAtRelease(run)
                case .slowQueryResumesOnce: try await slowQueryResumesOnce(run)
                case .tapDuringDayChangeKept: try await tapDuringDayChangeKept(run)
                }
            }
        }
    }

    /// A continuation left unresumed on the error path leaves its refresh waiting forever;
    /// one resumed with empty results and no anchor makes the next refresh import again.
    @MainActor
    static func failedQueryStillCompletes(_ run: AppRun) async throws {
        try await run.waitUntilLaunched()
        run.addSampleFromAnotherApp(mg: 80, minutesAgo: 30)
        try await run.refreshInBackground()
        run.health.failQueries(with: HKError(.errorDatabaseInaccessible))
        // The app goes idle with the task still open when nothing resumes the continuation.
        let failing = run.runtime.deliverBackgroundRefresh()
        let completed = await run.waitUntilIdle(holding: []) { run.record.completionCount(of: failing.identifier) >= 1 }
        if !completed {
            throw ExerciseCheckFailure(
                "the refresh whose HealthKit query failed never completed its background task (the app went idle "
                    + "without it): nothing after the query's `await` ran, so its continuation was never resumed")
        }
        run.health.failQueries(with: nil)
        try await run.refreshInBackground()
        run.runtime.enterForeground()
        try await run.expectRows(["06:30  80 mg"], "the other app's drink, once, after a failed refresh and a good one")
    }

    /// The catalogue row's check sees main-thread-only calls made off main. Code after an
    /// `await` in a `Task.detached` makes none: in the Swift 5 mode a call from there to the
    /// delegate's main-actor methods hops to main by itself. What it writes to the model
    /// it writes on the pool thread, and the `@Published` Health status says so.
    /// A detached task that hops to main only for the status makes no such change: its load
    /// runs on the pool, and the load's first lines (the live query stopped, main-thread
    /// state) with it. The load starts its query where it runs, and the simulated store
    /// records where each query was started.
    @MainActor
    static func authorizationWorkOnMain(_ run: AppRun, timeline: TimelineRecorder?) async throws {
        try await run.waitUntilLaunched()
        await run.quiesce()
        let record = run.record
        if record.offMainPublishes > 0 || !record.offMainCalls.isEmpty {
            throw ExerciseCheckFailure(
                "after authorization, \(record.offMainPublishes) change(s) to the model's `@Published` properties were made "
                    + "off the main thread (SwiftUI warns: \"Publishing changes from background threads is not allowed\"): "
                    + "the code after the `await` did not run on main"
                    + (record.offMainCalls.isEmpty ? "" : ", and main-thread-only calls: \(record.offMainCalls)"))
        }
        let queries = (timeline?.events ?? []).filter { $0.kind == .healthRequest && $0.what.hasSuffix("query") }
        let offMain = queries.filter { !$0.place.onMainQueue }
        if queries.isEmpty || !offMain.isEmpty {
            throw ExerciseCheckFailure(
                "after authorization, \(offMain.count) of the \(queries.count) HealthKit queries the launch made were started "
                    + "off the main thread (on \(offMain.map(\.place.queue))): `loadNewDataFromHealthKit()` ran off main, "
                    + "and with it the live query's main-thread state it stops and starts")
        }
    }

    /// The framework calls its delegate on a queue of its own. Nothing traps where nothing
    /// checks: a main-actor witness reached through an isolated conformance, from a framework
    /// built in the Swift 5 mode, runs there silently and writes the model off main. The
    /// runtime counts `@Published` changes made off the main thread.
    @MainActor
    static func reminderSetOnMain(_ run: AppRun) async throws {
        try await run.waitUntilLaunched()
        try await run.addDrink(.singleEspresso)
        let server = run.runtime.complicationServer
        try await waitUntil("the complication to show 64 mg") { server.currentEntry?.text == "64 mg" }
        let before = run.record.offMainPublishes
        // Six hours: past one half-life (5 h), 64 mg falls under the 50 mg threshold.
        run.device.clock.advance(by: 6 * 3600)
        server.reloadTimeline(for: .caffeine)
        try await run.waitForScreen("Under 50 mg: time for a coffee?")
        await run.quiesce()
        let offMain = run.record.offMainPublishes - before
        if offMain > 0 {
            throw ExerciseCheckFailure(
                "the reminder was published off the main thread (\(offMain) change(s) to the model's `@Published` properties; "
                    + "SwiftUI warns: \"Publishing changes from background threads is not allowed\"): the delegate method "
                    + "ran on the framework's queue, with nothing to check it")
        }
    }

    /// The button's action must not wait for HealthKit: the save is held, and the sample it
    /// stores is stored only once the gate opens. A tap that returns with the sample already
    /// stored waited for the save on the main thread (the run's watch saw main blocked on the
    /// held save and opened its gate, which the check on main never could). Nor may the
    /// drink wait for it: with the save still held, the app idle but for it, the list shows
    /// the drink.
    @MainActor
    static func addingADrinkDoesNotWaitForHealthKit(_ run: AppRun) async throws {
        try await run.waitUntilLaunched()
        let stored = run.health.samples.count
        let rows = run.drinkRows.count
        let gate = run.health.hold(.save)
        defer { gate.open() }
        let waitsBefore = run.mainWaitsOnHeldEvents
        try run.tapAddDrink(.latte)
        if run.mainWaitsOnHeldEvents > waitsBefore || run.health.samples.count > stored {
            throw ExerciseCheckFailure(
                "the tap on a drink returned only after HealthKit had saved it: the main thread waited for the save "
                    + "(a user's button would freeze for as long as HealthKit takes)")
        }
        guard await run.waitUntilIdle(holding: [gate], or: { run.drinkRows.count > rows }) else {
            throw ExerciseCheckFailure(
                "the drink was not on the list while HealthKit was still saving it: it shows only once HealthKit answers")
        }
        gate.open()
        try await waitUntil("the drink to reach HealthKit") { run.health.samples.count > stored }
    }

    /// Before the first launch: another app's sample, three hours old, is in Health, and the
    /// user will answer the Health sheet late (its answer held).
    static func sampleThenHeldSheet(on device: WatchDevice) -> Gate {
        AppRun.addSampleFromAnotherApp(mg: 40, minutesAgo: 180, to: device)
        return device.health.hold(.authorization)
    }

    /// A query made before the Health sheet is answered lists none of another app's samples
    /// (no read access yet), and an app that loads nothing after the answer leaves a sample
    /// from before the first launch off the list. The sheet's answer is held until the app
    /// is idle but for it, whatever the app asks meanwhile; once the app is idle after the
    /// answer, the sample must be listed. (Whether such a query's anchor also passes the
    /// sample is the simulator's choice, undocumented: see Steps/FIDELITY.md. The check
    /// does not depend on it.)
    @MainActor
    static func earlierSampleArrives(_ run: AppRun, sheet: Gate?) async throws {
        await run.waitUntilIdle(holding: [sheet].compactMap { $0 }) { false }
        sheet?.open()
        try await run.waitUntilLaunched()
        try await run.expectRows(["04:00  40 mg"], "the other app's drink from before the first launch, once the Health sheet is answered")
    }

    /// Three refreshes over one load: the two that came while it ran must not, once it is
    /// done, both load from the anchor it ended at, side by side: each would bring what
    /// arrived since. The first load's query is held until the other two have come; the
    /// queries after it are held until the app is idle, and another app's sample is added
    /// then, before they answer. However many loads follow, the sample is listed at most
    /// once (whether it arrives at all is `other-apps-samples-arrive`).
    @MainActor
    static func threeRefreshesImportOnce(_ run: AppRun) async throws {
        try await run.waitUntilLaunched()
        let first = run.health.hold(.query)
        var refreshes = [run.runtime.deliverBackgroundRefresh()]
        try await waitUntil("the first refresh's query to be held") { first.isHeld }
        refreshes += [run.runtime.deliverBackgroundRefresh(), run.runtime.deliverBackgroundRefresh()]
        await run.waitUntilIdle(holding: [first]) { false }
        let later = [run.health.hold(.query), run.health.hold(.query)]
        let answered = run.health.events.queryAnswered.count
        first.open()
        try await waitUntil("the first load's answer") { run.health.events.queryAnswered.count > answered }
        await run.waitUntilIdle(holding: later) { false }
        run.addSampleFromAnotherApp(mg: 80, minutesAgo: 20)
        for gate in later { gate.open() }
        try await waitUntil("the three refresh tasks to complete") {
            refreshes.allSatisfy { run.record.completionCount(of: $0.identifier) >= 1 }
        }
        await run.quiesce()
        let listed = run.drinkRows.filter { $0 == "06:40  80 mg" }.count
        if listed > 1 {
            throw ExerciseCheckFailure(
                "the other app's drink is listed \(listed) times: the refreshes that waited for the first load "
                    + "then loaded side by side, from the same anchor")
        }
    }

    /// The second of two overlapping refreshes must wait for the load it joins: a refresh
    /// that returns at once completes its task before its new samples are in the app (watchOS
    /// may suspend the app right then), which is a dropped refresh, not a joined one.
    @MainActor
    static func overlappingRefreshWaitsForTheLoad(_ run: AppRun) async throws {
        try await run.waitUntilLaunched()
        run.addSampleFromAnotherApp(mg: 80, minutesAgo: 20)
        // Both queries are held: HealthKit runs requests side by side, so a second query of
        // the second refresh's own would otherwise bring its samples while the first waits.
        let gate = run.health.hold(.query)
        let secondGate = run.health.hold(.query)
        let first = run.runtime.deliverBackgroundRefresh()
        try await waitUntil("the first refresh's query to be held") { gate.isHeld }
        let queries = run.health.events.queryStarted.count
        let second = run.runtime.deliverBackgroundRefresh()
        // While the queries are held, no refresh can have its samples: one that completes
        // its task now completed it empty-handed. A join completes nothing here: the app goes
        // idle but for the held query (events, as in the shared overlapping-refresh scenario).
        // A second query of its own is held too: then idle means but for both.
        func completedEarly() -> Bool { run.record.completionCount(of: second.identifier) >= 1 }
        await run.waitUntilIdle(holding: [gate, secondGate]) { completedEarly() || run.health.events.queryStarted.count > queries }
        if !completedEarly() && run.health.events.queryStarted.count > queries {
            await run.waitUntilIdle(holding: [gate, secondGate]) { completedEarly() }
        }
        let early = completedEarly()
        // Opened whether or not a query took it: an opened gate lets a later query through.
        secondGate.open()
        gate.open()
        try await waitUntil("both refresh tasks to complete") {
            run.record.completionCount(of: first.identifier) >= 1 && run.record.completionCount(of: second.identifier) >= 1
        }
        if early {
            throw ExerciseCheckFailure(
                "the second refresh completed its background task while the first load was still waiting for HealthKit, "
                    + "before the other app's drink had arrived: it was dropped, not joined")
        }
        // Arrived at all; whether once is the catalogue row's check (duplicate-import).
        run.runtime.enterForeground()
        do {
            try await waitUntil("the other app's drink") { run.drinkRows.contains("06:40  80 mg") }
        } catch is TimedOut {
            throw ExerciseCheckFailure("the other app's drink never arrived after two overlapping refreshes:\n\(run.screen)")
        }
        try await joinedFailedLoadCompletes(run)
    }

    /// A refresh that joins a load whose query fails: in the solution it gets the load's
    /// failure and completes its task with the first, no other load needed. Waiters kept for
    /// the next good load complete only if one comes (the explored days always bring one).
    @MainActor
    private static func joinedFailedLoadCompletes(_ run: AppRun) async throws {
        run.health.failQueries(with: HKError(.errorDatabaseInaccessible))
        defer { run.health.failQueries(with: nil) }
        let gate = run.health.hold(.query)
        defer { gate.open() }
        let first = run.runtime.deliverBackgroundRefresh()
        try await waitUntil("the failing refresh's query to be held") { gate.isHeld }
        let joined = run.runtime.deliverBackgroundRefresh()
        await run.waitUntilIdle(holding: [gate]) { false }
        gate.open()
        let done = { [first, joined].allSatisfy { run.record.completionCount(of: $0.identifier) >= 1 } }
        if !(await run.waitUntilIdle(holding: []) { done() }) {
            throw ExerciseCheckFailure(
                "a refresh that came while a load waited for a query that then failed never completed its background task "
                    + "(the app went idle without it): the failed load left it waiting")
        }
    }
}
