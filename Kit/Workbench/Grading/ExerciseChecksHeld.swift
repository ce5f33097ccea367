// Copied by Scripts/workbench into the exercise's tests before every check: not yours to edit.
//
// The workbench's checks that hold the pool (`PendingWork.holdPool`): a task the app makes
// starts only after the events the check sends first, by order, never by time.
import CoffeeModel
import Foundation
import HealthKitSim
import SimSupport
import TrackerSpec
import WatchKitSim

extension ExerciseChecks {
    /// Two taps in one turn of the main thread, the pool held until both have returned: a
    /// task the first tap made starts only after the second tap, as it may on a busy watch.
    /// A task that saves the drink it was given saves both; one that reads the model's list
    /// when it runs saves the newest drink twice and loses the other. Main blocked on the
    /// held pool is released by the run's watch (a semaphore answer fails the other check).
    @MainActor
    static func twoTapsSaveBoth(_ run: AppRun) async throws {
        try await run.waitUntilLaunched()
        await run.quiesce()
        let stored = run.health.samples.count
        PendingWork.holdPool()
        defer { PendingWork.releasePool() }
        try run.tapAddDrink(.latte)
        try run.tapAddDrink(.singleEspresso)
        PendingWork.releasePool()
        await run.quiesce()
        let mg = run.health.samples.dropFirst(stored).map { $0.quantity.doubleValue(for: .gramUnit(with: .milli)) }
        let tapped = [DrinkType.latte, .singleEspresso].map(\.mgCaffeinePerServing)
        if mg.sorted() != tapped.sorted() {
            throw ExerciseCheckFailure(
                "tapped a latte then an espresso in one turn of the main thread: HealthKit got \(mg) mg, not \(tapped) "
                    + "(the save task read the drink list when it ran, after the second tap, not the drink it was made for)")
        }
        try await tapDuringHeldSave(run)
    }

    /// The other order: a drink tapped while the save before it is held at HealthKit. The
    /// solution's second task saves its own drink whatever the first is doing; a queue that
    /// one task drains from a copy, then empties, drops the drink added during the await.
    @MainActor
    private static func tapDuringHeldSave(_ run: AppRun) async throws {
        let stored = run.health.samples.count
        let gate = run.health.hold(.save)
        defer { gate.open() }
        try run.tapAddDrink(.latte)
        // Idle with the latte's save at the gate (an answer that never saves it fails below).
        _ = await run.waitUntilIdle(holding: [gate], or: { false })
        try run.tapAddDrink(.singleEspresso)
        _ = await run.waitUntilIdle(holding: [gate], or: { false })
        gate.open()
        await run.quiesce()
        let mg = run.health.samples.dropFirst(stored).map { $0.quantity.doubleValue(for: .gramUnit(with: .milli)) }
        let tapped = [DrinkType.latte, .singleEspresso].map(\.mgCaffeinePerServing)
        if mg.sorted() != tapped.sorted() {
            throw ExerciseCheckFailure(
                "tapped a latte, then an espresso while the latte's save was held at HealthKit: HealthKit got \(mg) mg, "
                    + "not \(tapped) (a drink tapped during a save in flight never reached HealthKit, or reached it twice)")
        }
    }

    /// The runtime releases the app while a live report waits in the stream: the pool is
    /// held from before another app's change until the controller has gone (its live query
    /// stopped), so the task that applies reports takes the buffered one only after the
    /// release. A task that holds the controller `unowned` then reads a freed object and
    /// traps; a `weak` one finds nil and ends with the stream.
    @MainActor
    static func reportBufferedAtRelease(_ run: AppRun) async throws {
        try await run.waitUntilLaunched()
        await run.quiesce()
        let delivered = run.health.events.updatesDelivered.count
        // From the hold to the release main never awaits: the check's own task stays off the pool.
        PendingWork.holdPool()
        defer { PendingWork.releasePool() }
        run.addSampleFromAnotherApp(mg: 40, minutesAgo: 5)
        guard try spinOnMain(until: { run.health.events.updatesDelivered.count > delivered }) else {
            throw ExerciseCheckFailure("the live query made no report of another app's sample")
        }
        run.runtime.terminate()
        _ = try spinOnMain(until: { run.health.longRunningQueries == 0 })
        PendingWork.releasePool()
        await run.relaunch()
        try await run.waitUntilLaunched()
    }

    /// Keeps main in this turn until `condition` holds (an event on another thread): false
    /// once no other thread can make it hold (none ready to run, three looks in a row; the
    /// pool is held, so its jobs wait). Never a verdict from time: where the kernel's thread
    /// states cannot be read, a wait that does not end judges nothing.
    @MainActor
    fileprivate static func spinOnMain(until condition: () -> Bool) throws -> Bool {
        var (still, unmeasured) = (0, 0)
        while !condition() {
            usleep(500)
            guard let runnable = RunnableThreads.count(ignoring: RunnableThreads.kitThreads) else {
                unmeasured += 1
                if unmeasured > 60_000 { throw RunJudgedNothing(reasons: [.threadStatesUnread]) }
                continue
            }
            still = runnable == 0 ? still + 1 : 0
            if still >= 3 { return condition() }
        }
        return true
    }
}

extension ExerciseChecks {
    /// A query slower than every timer the app set for it: held until no timer of the app's
    /// is armed (its own timeouts have fired: an event the kernel counts, not a clock of
    /// ours), then answered. The solution resumes once, with the answer, and the refresh
    /// completes once; a timeout that resumes the continuation unguarded has resumed it
    /// already, and the answer resumes it again, which traps.
    @MainActor
    static func slowQueryResumesOnce(_ run: AppRun) async throws {
        try await run.waitUntilLaunched()
        await run.quiesce()
        let gate = run.health.hold(.query)
        defer { gate.open() }
        let refresh = run.runtime.deliverBackgroundRefresh()
        try await waitUntil("the refresh's query to be held") { gate.isHeld }
        // Idle first: a timer task the query's caller made has then started its sleep.
        _ = await run.waitUntilIdle(holding: [gate]) { false }
        try await AppTimers.untilNoneArmed()
        // A timer whose sleep ended wakes a task that may set another: idle, then look again.
        _ = await run.waitUntilIdle(holding: [gate]) { false }
        try await AppTimers.untilNoneArmed()
        gate.open()
        try await waitUntil("the refresh task to complete") { run.record.completionCount(of: refresh.identifier) >= 1 }
        await run.quiesce()
        let completions = run.record.completionCount(of: refresh.identifier)
        if completions != 1 {
            throw ExerciseCheckFailure("a refresh whose query answered after the app's own timers had fired completed its task \(completions) times")
        }
    }
}

extension ExerciseChecks {
    /// A drink tapped while the day changes: the clock passes midnight in one turn of main,
    /// which then stays busy until the watchers off main have done all they can without it,
    /// and taps a drink in the same turn. The solution reads and writes the list in one turn
    /// on main, after this one, so it keeps the new drink; a list computed off main before
    /// the tap, and only written on main, loses it.
    @MainActor
    static func tapDuringDayChangeKept(_ run: AppRun) async throws {
        try await run.waitUntilLaunched()
        try await run.addDrink(.latte)
        await run.quiesce()
        let clock = run.device.clock, sent = clock.notificationsSent.count
        let tapped = Recorder<Bool>()
        try await run.busyAtRuntimeTurn {
            clock.advance(by: 25 * 3600)
            _ = run.busyMainThread(atMost: .seconds(5)) { clock.notificationsSent.count > sent }
            run.busyMainThread(untilIdleOr: { false })
            tapped.add((try? run.tapAddDrink(.singleEspresso)) != nil)
        }
        await run.quiesce()
        let espresso = run.drinkRows.filter { $0.hasSuffix(" \(Int(DrinkType.singleEspresso.mgCaffeinePerServing)) mg") }
        if tapped.all != [true] || espresso.count != 1 {
            throw ExerciseCheckFailure(
                "an espresso tapped while the day changed (yesterday's latte past 24 hours) is listed \(espresso.count) times: "
                    + "the list written after the change was worked out before the tap:\n\(run.screen)")
        }
    }
}

/// What happened, in order, from any thread.
final class Recorder<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [Value] = []
    func add(_ value: Value) { lock.lock(); list.append(value); lock.unlock() }
    var all: [Value] { lock.lock(); defer { lock.unlock() }; return list }
}

/// The app's pending `Task.sleep`s, read from the kernel: libdispatch keeps one timerfd for
/// the continuous clock (clockid 7), armed while any such sleep is pending. Read from a thread
/// of our own that sleeps with `usleep`: a task's own `Task.sleep` would read the fd just as
/// it fired, before libdispatch arms it again for the next sleep (measured: it reads as
/// unarmed with another sleep pending).
enum AppTimers {
    static func untilNoneArmed() async throws {
        #if os(Linux)
        let fired = await withCheckedContinuation { (done: CheckedContinuation<Bool, Never>) in
            Thread {
                var clock = StallClock(limit: .seconds(120))
                while armed() {
                    if clock.timedOut(waitingFor: "the app's own timers to fire") != nil { return done.resume(returning: false) }
                    usleep(1000)
                    clock.look()
                }
                done.resume(returning: true)
            }.start()
        }
        if !fired { throw RunJudgedNothing(reasons: [.neverIdle]) }
        #else
        throw RunJudgedNothing(reasons: [.threadStatesUnread])
        #endif
    }

    private static func armed() -> Bool {
        let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fdinfo")) ?? []
        return fds.contains { fd in
            guard let info = try? String(contentsOfFile: "/proc/self/fdinfo/\(fd)", encoding: .utf8),
                  info.contains("clockid: 7") else { return false }
            return !info.contains("it_value: (0, 0)")
        }
    }
}
