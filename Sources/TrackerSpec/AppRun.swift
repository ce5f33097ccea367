import CoffeeModel
import Foundation
import HealthKitSim
import SimSupport
import WatchKitSim

/// One app on one simulated watch, driven as a user and watchOS would drive it.
/// Everything here runs on the main actor, like the runtime it drives.
@MainActor
public final class AppRun {
    public let app: any WatchApp.Type
    public let device: WatchDevice
    public private(set) var runtime: WKExtension

    public var health: HealthDatabase { device.health }
    /// The screen as the runtime last drew it: the app's view, rendered on main after the
    /// app's model changed (see `WKExtension.screen`), never built by the test.
    public var screen: Screen { runtime.screen }
    public var record: RuntimeRecord { runtime.record }

    /// Launches `app` on a new device: `configure` adjusts the device, `prepare` puts
    /// files in its container before the launch.
    public init(
        _ app: any WatchApp.Type,
        configure: (inout WatchDevice.Configuration) -> Void = { _ in },
        prepare: (WatchDevice) throws -> Void = { _ in }
    ) throws {
        // Counting the app's jobs must start before the app does (`PendingWork`).
        _ = PendingWork.isCounted
        var configuration = WatchDevice.Configuration()
        configure(&configuration)
        self.app = app
        device = try WatchDevice(configuration)
        try prepare(device)
        queriesBeforeLaunch = device.health.events.queryAnswered.count
        mainWaitWatch = MainWaitWatch(device)
        runtime = WKExtension.launch(app, on: device)
    }

    /// Opens the check's held gates if the app blocks main on them (see `MainWaitWatch`).
    private let mainWaitWatch: MainWaitWatch

    deinit { mainWaitWatch.stop() }

    /// How many times main was seen blocked on events the check held (the watch then
    /// released them, as the SDK would in the end): an app whose main thread waits for
    /// HealthKit or the disk.
    public var mainWaitsOnHeldEvents: Int { mainWaitWatch.mainWaits }

    /// Waits for idleness (`waitUntilIdle`) that reached their limit with the app still busy.
    private var idleWaitsLapsed = 0

    /// HealthKit queries answered before the current launch (the database outlives it).
    private var queriesBeforeLaunch: Int

    /// Ends the run and erases the device's container.
    public func finish() async {
        await quiesce()
        runtime.terminate()
        mainWaitWatch.stop()
        device.erase()
    }

    /// Runs `body` with this run, then finishes the run, whether `body` throws or not.
    /// A gate the body held that lapsed, or a wait for idleness that reached its limit,
    /// makes the run's outcome no evidence either way.
    public func finish(after body: (AppRun) async throws -> Void) async throws {
        let outcome: Result<Void, any Error>
        do {
            try await body(self)
            outcome = .success(())
        } catch {
            outcome = .failure(error)
        }
        var reasons: [RunJudgedNothing.Reason] = device.openEveryGate() ? [.heldEventLapsed] : []
        if idleWaitsLapsed > 0 || mainWaitWatch.openedByClock { reasons.append(.neverIdle) }
        await finish()
        if !reasons.isEmpty { throw RunJudgedNothing(reasons: reasons) }
        try outcome.get()
    }

    /// Terminates the app and launches it again on the same device.
    public func relaunch() async {
        await quiesce()
        runtime.terminate()
        queriesBeforeLaunch = health.events.queryAnswered.count
        runtime = WKExtension.launch(app, on: device)
    }

    /// Waits until the launch has settled: the drink log loaded (the complication shows
    /// it) and, where HealthKit is available, authorization answered, the first HealthKit
    /// load delivered and the first background refresh scheduled.
    public func waitUntilLaunched() async throws {
        try await waitUntil("the drink log to load") { runtime.complicationServer.reloadCount >= 1 }
        guard device.health.configuration.isAvailable else { return await quiesce() }
        try await waitForScreen("Health: on")
        try await waitUntil("the first HealthKit load") { health.events.queryAnswered.count > queriesBeforeLaunch }
        try await waitUntil("the first refresh to be scheduled") { !record.scheduledRefreshes.isEmpty }
        // The launch's last steps (saving the anchor, say) must not overlap what follows.
        await quiesce()
    }

    /// Waits until the runtime draws a screen showing `text`.
    public func waitForScreen(_ text: String, timeout: Duration = .seconds(10)) async throws {
        try await waitUntil("\"\(text)\" on screen:\n\(screen)", timeout: timeout) { screen.contains(text) }
    }

    /// How many times the runtime has drawn the screen since the current launch.
    public var renderCount: Int { runtime.renderCount }

    /// Waits until the runtime draws the screen again (for a change the app published, the
    /// clock moving, navigation): a render after the `since`-th, by default after now.
    public func waitForRender(since count: Int? = nil, timeout: Duration = .seconds(10)) async throws {
        let count = count ?? renderCount
        try await waitUntil("the screen to be drawn again:\n\(screen)", timeout: timeout) { renderCount > count }
    }

    public func tap(_ labels: String...) throws {
        for label in labels { try runtime.tap(label) }
    }

    /// Adds a drink through the UI, as the user does, and waits until it is listed
    /// (from stage 4 on, adding a drink is asynchronous).
    public func addDrink(_ type: DrinkType) async throws {
        let before = drinkRows.count
        try tapAddDrink(type)
        try await waitUntil("\(type.name) to be listed:\n\(screen)") { drinkRows.count > before }
    }

    /// Taps through the drink picker and returns at once, for the race scenarios' timing.
    public func tapAddDrink(_ type: DrinkType) throws {
        try tap("Add Drink", type.name)
    }

    /// Plays another app writing a caffeine sample to HealthKit; returns its UUID.
    @discardableResult
    public func addSampleFromAnotherApp(mg: Double, minutesAgo: Double) -> UUID {
        Self.addSampleFromAnotherApp(mg: mg, minutesAgo: minutesAgo, to: device)
    }

    /// The same, before the app is launched.
    @discardableResult
    public nonisolated static func addSampleFromAnotherApp(mg: Double, minutesAgo: Double, to device: WatchDevice) -> UUID {
        let date = device.clock.now.addingTimeInterval(-minutesAgo * 60)
        let sample = HKQuantitySample(
            type: .quantityType(forIdentifier: .dietaryCaffeine)!,
            quantity: HKQuantity(unit: .gramUnit(with: .milli), doubleValue: mg),
            start: date, end: date, uuid: UUID(),
            source: HKSource(name: "Another App", bundleIdentifier: "com.example.another"))
        device.health.add([sample])
        return sample.uuid
    }

    /// Waits until the app has nothing left to do: no HealthKit request and no disk I/O in
    /// flight, and two round trips in a row through the runtime's turn on main in which
    /// nothing the simulators see changed and no thread of the app was ready to run. A
    /// watch stops a terminated app's code; here its work would go on, and reach the next
    /// launch through the SDK's process-wide entry points.
    ///
    /// It waits for events, never for a quiet spell of wall-clock time, so a busy machine
    /// makes it slower, not wrong.
    public func quiesce() async {
        await waitUntilIdle(holding: []) { false }
    }

    /// Waits until `condition` holds, or until the app is idle (as in `quiesce`) but for
    /// the requests or disk I/O that `gates` hold at this moment (a gate not reached yet
    /// holds nothing, so an unheld request in flight is never taken for it); returns whether `condition`
    /// held. For a step the app takes in some stages only: either outcome is correct, and
    /// no time window decides between them. (`limit` only keeps a run whose gate was never
    /// opened from hanging; a run whose wait reaches it judges nothing: `RunJudgedNothing`.)
    @discardableResult
    public func waitUntilIdle(holding gates: [Gate], limit: Duration = .seconds(30), or condition: () -> Bool) async -> Bool {
        await waitUntilIdle(holdingNow: { gates.filter(\.isHeld).count }, limit: limit, or: condition)
    }

    /// The same, for a count of held requests the caller keeps itself (the schedule
    /// explorer's, which holds every request as it comes).
    ///
    /// Idle is counted: what is in flight in the simulators is all held, no Swift job is
    /// queued or running but this one (`PendingWork`), no thread of the app is ready to run
    /// (`RunnableThreads`, where the system says), and then a trip through main's turn
    /// changes nothing the simulators count.
    @discardableResult
    public func waitUntilIdle(holdingNow held: () -> Int, limit: Duration = .seconds(30), or condition: () -> Bool) async -> Bool {
        // The limit is a stall's (`StallClock`): a busy machine slows the app, it does not stop it.
        var clock = StallClock(limit: limit)
        while clock.timedOut(waitingFor: "") == nil {
            if condition() { return true }
            guard settled(holding: held()) else {
                try? await clock.sleep()
                continue
            }
            let before = activity
            await roundTrip()
            if condition() { return true }
            if activity == before && settled(holding: held()) { return false }
            if activity != before { clock.progressed() }
        }
        if !condition() { idleWaitsLapsed += 1 }
        return condition()
    }

    /// Everything in flight is held, and nothing else of the app's is queued or ready to run.
    private func settled(holding held: Int) -> Bool {
        health.events.inFlight.level + device.container.inFlight.level <= held && appThreadsAsleep
    }

    /// No thread but the caller and the kit's own is ready to run, and no pool job waits
    /// for a thread; where the system does not say which threads are ready (`RunnableThreads`),
    /// no pool job queued or running but the caller's (work on the app's own dispatch
    /// queues is then not seen).
    private var appThreadsAsleep: Bool {
        guard let runnable = RunnableThreads.count(ignoring: RunnableThreads.kitThreads) else { return PendingWork.jobs == 0 }
        return runnable == 0 && PendingWork.queuedPoolJobs == 0
    }

    /// Everything the simulators count of what the app does.
    private var activity: [Int] {
        let events = health.events
        let container = device.container
        return [
            events.authorizationRequested.count, events.authorizationAnswered.count, events.queryStarted.count,
            events.queryAnswered.count, events.saveAnswered.count, container.fileRead.count, container.fileWritten.count,
            renderCount, runtime.complicationServer.reloadCount, record.completions.count, record.scheduledRefreshes.count,
            record.offMainCalls.count, record.offMainPublishes,
        ]
    }

    /// One trip through the runtime's turn on main (which carries out what app threads
    /// asked of it), behind whatever was queued on main before. Never through the thread
    /// pool: a job sent there from main orders main's accesses before whatever that worker
    /// thread runs next, and hid `race-health-access` in 1 run of 10 on a busy machine.
    /// Work on the pool shows as a thread ready to run instead.
    private func roundTrip() async {
        if !runtime.isTerminated {
            await withCheckedContinuation { (turned: CheckedContinuation<Void, Never>) in
                runtime.atNextTurn { turned.resume() }
            }
        }
        await mainQueueTurn()
    }

    /// Waits until the app has nothing left to do, then expects the drink list on screen to
    /// be `rows`; fails with `what` and the screen otherwise.
    public func expectRows(_ rows: [String], _ what: String) async throws {
        await quiesce()
        try expect(drinkRows == rows, "\(what):\n\(screen)")
    }

    /// Relaunches the app with HealthKit answering late: the launch's first query is held
    /// until the app has read its drink log and has nothing else to do.
    public func relaunchWithHealthKitAnsweringLate() async throws {
        // First the running app's own queries (its live query's start, say), which must
        // not take the hold.
        await quiesce()
        let query = health.hold(.query)
        await relaunch()
        try await waitUntil("the launch's HealthKit query to be held") { query.isHeld }
        await waitUntilIdle(holding: [query]) { false }
        query.open()
    }

    /// Waits until the app has saved a sample of its own to HealthKit; returns its UUID.
    public func waitForOwnSampleInHealth() async throws -> UUID {
        let own = { self.health.samples.first { $0.sourceRevision.source == .default() } }
        try await waitUntil("the app's drink to reach HealthKit") { own() != nil }
        return own()!.uuid
    }

    /// Delivers a background refresh and waits until the app completes its task.
    public func refreshInBackground() async throws {
        let task = runtime.deliverBackgroundRefresh()
        try await waitUntil("background task \(task.identifier) to complete") {
            record.completionCount(of: task.identifier) >= 1
        }
    }

    /// Keeps the main thread busy, as a long UI update would, until `condition` holds, then
    /// runs `action` in the same turn: whatever the app queued for the main thread in the
    /// meantime still waits behind it. The spin reads relaxed counters only, so it orders
    /// the app's accesses in time without synchronising them (see `Gate`).
    public func busyMainThread(until what: String, _ condition: () -> Bool, then action: () throws -> Void) throws {
        guard busyMainThread(atMost: .seconds(5), until: condition) else { throw TimedOut(what: what, after: .seconds(5)) }
        try action()
    }

    /// Keeps the main thread busy at the start of the runtime's next turn on main, before
    /// the turn draws what the app changed: runs `work` there, and returns once that turn
    /// is over. What the app publishes off the main thread during `work` is drawn by the
    /// same turn right after it, with nothing in between (see `WKExtension.atNextTurn`).
    public func busyAtRuntimeTurn(_ work: @escaping @MainActor () -> Void) async throws {
        let done = Gate()
        runtime.atNextTurn {
            work()
            done.open()
        }
        try await waitUntil("the runtime's next turn on main") { done.opened }
    }

    /// Keeps the main thread busy until `condition` holds or the app has done nothing the
    /// kit counts for `limit` (`AppProgress`: a busy machine slows the app, it does not stop
    /// it); returns whether it held. For a scenario whose event happens off the main thread
    /// in some stages only (in the others it is queued for main, behind this very wait).
    @discardableResult
    public func busyMainThread(atMost limit: Duration, until condition: () -> Bool) -> Bool {
        var clock = StallClock(limit: limit)
        while !condition() {
            if clock.timedOut(waitingFor: "") != nil { return false }
            spinPause()
            clock.look()
        }
        return true
    }

    /// One pause of a busy main thread: long enough that a wait of a busy machine's length
    /// leaves few events in main's ThreadSanitizer history (a report whose earlier access
    /// on main is no longer in it is dropped; polling every 50 µs lost `race-saved-drinks`
    /// 1 run in 10 with both cores loaded), short enough to keep the accesses close.
    private func spinPause() { usleep(1000) }

    /// Keeps the main thread busy until `condition` holds, or until nothing but the main
    /// thread could make it hold: no request or disk I/O in flight, no other Swift job, and
    /// no other thread of the app ready to run (twice in a row). For a step the app takes
    /// off the main thread in some stages only (in the others it is queued for main, behind
    /// this very wait).
    public func busyMainThread(untilIdleOr condition: () -> Bool) {
        var idleLooks = 0
        while !condition() && idleLooks < 2 {
            spinPause()
            let inFlight = health.events.inFlight.level + device.container.inFlight.level
            idleLooks = appThreadsAsleep && inFlight == 0 ? idleLooks + 1 : 0
        }
    }

    /// Waits until everything already queued on the main queue has run.
    public func mainQueueTurn() async {
        await withCheckedContinuation { continuation in
            DispatchQueue.main.async { continuation.resume() }
        }
    }

    /// Waits until the app has no disk I/O under way and has written `count` files in all.
    public func waitForSaves(_ count: Int) async throws {
        try await waitUntil("\(count) saves to disk") {
            device.container.fileWritten.count >= count && device.container.inFlight.level == 0
        }
    }

    /// The rows of today's drinks on screen.
    public var drinkRows: [String] {
        screen.lines.filter { $0.range(of: #"^\d\d:\d\d  "#, options: .regularExpression) != nil }
    }
}
