import Dispatch
import Foundation
import SimSupport
import WatchKitSim

extension ExploredDay {
    /// Waits until the app is idle but for what is held (`AppRun.waitUntilIdle`, run on
    /// main), or until main itself waits on a held event: everything in flight is held,
    /// no thread is ready to run, and a block sent to main does not run. Returns whether
    /// main is free. A hang is a failure, not a verdict (`hangLimit`).
    func untilIdle() throws -> Bool {
        let idle = Gate()
        Task { @MainActor [run, held] in
            await run.waitUntilIdle(holdingNow: { held.count }, limit: .seconds(10)) { false }
            idle.open()
        }
        let deadline = ContinuousClock.now + Self.hangLimit
        var probe: Gate?
        var quietLooks = 0
        var polls = 0
        while !idle.opened {
            guard ContinuousClock.now < deadline else {
                throw DayHung(hang: .neverIdle)
            }
            usleep(250)
            // Reading every thread's state is costly: look every 2 ms, while main's own
            // wait (which reads them too) usually ends first.
            polls += 1
            guard polls % 8 == 0 else { continue }
            if let sent = probe, sent.opened { probe = nil }  // main ran it: main is free
            guard isQuiet else {
                quietLooks = 0
                continue
            }
            if probe == nil {
                let sent = Gate()
                DispatchQueue.main.async { sent.open() }
                probe = sent
                quietLooks = 0
            }
            quietLooks += 1
            if quietLooks >= 3, probe?.opened == false { return false }
        }
        return true
    }

    /// Everything in flight is held, no job waits for or runs on the pool, and no thread but
    /// this one and the kit's is ready to run: main, if it has not run the probe, is blocked.
    /// (Where the system does not say which threads are ready, never quiet: main is then
    /// assumed free, and a held event on main ends the day as a hang, which judges nothing.)
    private var isQuiet: Bool {
        let inFlight = health.events.inFlight.level + container.inFlight.level
        return inFlight == held.count && PendingWork.queuedPoolJobs == 0
            && RunnableThreads.count(ignoring: RunnableThreads.kitThreads) == 0
    }

    /// Runs `body` on the main actor and waits for it, from the day's thread.
    func onMain<T: Sendable>(_ body: @escaping @MainActor @Sendable () async throws -> T) throws -> T {
        let done = Gate()
        let result = SimLock<Result<T, any Error>?>(nil)
        // The day holds the process's turn (`OneAppAtATime`); a task made on its thread
        // does not inherit the task-local that says so.
        Task { @MainActor in
            let outcome: Result<T, any Error>
            do {
                outcome = .success(try await OneAppAtATime.$holdsTurn.withValue(true) { try await body() })
            } catch { outcome = .failure(error) }
            result.withLock { $0 = outcome }
            done.open()
        }
        let deadline = ContinuousClock.now + Self.hangLimit
        while !done.opened {
            guard ContinuousClock.now < deadline else { throw DayHung(hang: .mainBlocked) }
            usleep(200)
        }
        return try result.withLock { $0 }!.get()
    }

    /// Whether main runs a block sent to it within `hangLimit`: with nothing held, main that
    /// did not run the idle probe may only be busy a while longer (a test beside the day
    /// keeping it, a loaded machine); a hang is main that never comes back.
    func mainComesBack() -> Bool {
        let ran = Gate()
        DispatchQueue.main.async { ran.open() }
        let deadline = ContinuousClock.now + Self.hangLimit
        while !ran.opened && ContinuousClock.now < deadline { usleep(500) }
        return ran.opened
    }
}
