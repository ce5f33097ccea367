import Foundation
import Synchronization
import Testing

// The field harness (Kit/Workbench/Grading/Field), compiled here on its own: the seams a
// probe waits on must end waits by events, and must report a hang as one. Serialized: a
// Drive waits for the whole process to go idle, and another test's watcher thread is
// always runnable (run in parallel, every test here ended at Drive's 60 s limit).

@Suite(.serialized) struct FieldHarnessTests {
    @Test func aSleepOnTheManualClockEndsOnlyWhenTheClockPassesItsDeadline() async throws {
        let clock = ManualClock(), woke = Recorder<String>()
        try await Drive.run("a sleep of 5 s", release: {
            woke.add("idle")
            return clock.advanceToNextDeadline()
        }) {
            try? await clock.sleep(for: .seconds(5))
            woke.add("woke")
        }
        #expect(woke.all == ["idle", "woke"])
        #expect(clock.now.offset == .seconds(5))
    }

    @Test func aCancelledSleepThrowsAtOnce() async throws {
        let clock = ManualClock(), outcome = Recorder<String>()
        try await Drive.run("a cancelled sleep") {
            let sleeper = Task {
                do { try await clock.sleep(for: .seconds(5)); outcome.add("slept") } catch { outcome.add("\(type(of: error))") }
            }
            sleeper.cancel()
            await sleeper.value
        }
        #expect(outcome.all == ["CancellationError"])
        #expect(clock.sleeps == 1)
    }

    @Test func theManualClockCountsTheSleepsStillWaiting() async throws {
        let clock = ManualClock()
        let first = Task { try? await clock.sleep(for: .seconds(5)) }
        let second = Task { try? await clock.sleep(for: .seconds(9)) }
        try await Drive.untilQuiet("two sleeps asked")
        #expect(clock.waiting == 2)
        first.cancel()
        await first.value
        #expect(clock.waiting == 1)
        clock.advance(to: .seconds(9))
        await second.value
        #expect(clock.waiting == 0 && clock.sleeps == 2)
    }

    @Test func workThatWaitsForNothingTheHarnessHoldsIsAHang() async {
        let never = Mutex<CheckedContinuation<Void, Never>?>(nil)
        let started = Date()
        let hang = await #expect(throws: Hang.self) {
            try await Drive.run("a wait nobody ends") {
                await withCheckedContinuation { continuation in never.withLock { $0 = continuation } }
            }
        }
        never.withLock { $0?.resume() }
        // Found by the process going idle, not by the last-resort limit.
        #expect(hang?.description.contains("deadlock") == true)
        #expect(Date().timeIntervalSince(started) < Drive.limit)
    }

    @Test func theGateCountsWhoIsParkedAndReleasesTheOldestFirst() async throws {
        let gate = Gate(), order = Recorder<Int>(), widths = Recorder<Int>()
        try await Drive.run("three callers at a gate", release: {
            widths.add(gate.parked)
            return gate.releaseOne()
        }) {
            await withTaskGroup(of: Void.self) { group in
                for caller in 0..<3 {
                    group.addTask { await gate.pass(); order.add(caller) }
                }
            }
        }
        #expect(widths.all == [3, 2, 1])
        #expect(gate.arrived == 3)
        #expect(order.all.count == 3)
    }

    @Test func aTaskAsleepOnATimerIsNotAHang() async throws {
        let woke = Recorder<String>()
        try await Drive.run("a task asleep for 300 ms, then a thread asleep for 300 ms") {
            try? await Task.sleep(for: .milliseconds(300))
            woke.add("task")
            await withCheckedContinuation { continuation in
                Thread.detachNewThread {
                    Thread.sleep(forTimeInterval: 0.3)
                    woke.add("thread")
                    continuation.resume()
                }
            }
        }
        #expect(woke.all == ["task", "thread"])
    }

    /// Short sleeps one after another: the harness must never read the timers while the
    /// sleeper is awake and the threads once it sleeps again, and call that a deadlock.
    @Test func aThreadThatSleepsAgainAndAgainIsNotAHang() async throws {
        let naps = Mutex(0)
        try await Drive.run("a thread taking 300 naps of a millisecond") {
            await withCheckedContinuation { continuation in
                Thread.detachNewThread {
                    for _ in 0..<300 {
                        usleep(1000)
                        naps.withLock { $0 += 1 }
                    }
                    continuation.resume()
                }
            }
        }
        #expect(naps.withLock { $0 } == 300)
    }

    /// A caller the harness started that waits with a timeout for what the harness holds:
    /// its deadline passes before anything is let go (Linux, where the kernel shows the wait).
    @Test func anEnlistedCallersDeadlinePassesBeforeTheHarnessReleases() async throws {
        #if os(Linux)
        let gate = Gate(), seen = Recorder<String>()
        try await Drive.run("a caller waiting 300 ms for a parked one", release: {
            seen.add("released")
            return gate.releaseAll()
        }) {
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                let held = DispatchGroup()
                held.enter()
                Task {
                    await gate.pass()
                    held.leave()
                }
                Thread.detachNewThread {
                    Idle.enlist()
                    defer { Idle.discharge() }
                    seen.add(held.wait(timeout: .now() + 0.3) == .timedOut ? "timed out" : "woken")
                    done.resume()
                }
            }
        }
        gate.releaseAll()
        #expect(seen.all.first == "timed out")
        #endif
    }

    @Test(arguments: Schedule.explored) func eachOrderReleasesEveryParkedCallerOnce(_ schedule: Schedule) async throws {
        let gate = Gate(schedule), order = Recorder<Int>()
        try await Drive.run("five callers at a gate, \(schedule)", release: gate.release) {
            await withTaskGroup(of: Void.self) { group in
                for caller in 0..<5 {
                    group.addTask { await gate.pass(); order.add(caller) }
                }
            }
        }
        #expect(order.all.sorted() == Array(0..<5))
    }

    @Test func newestFirstLetsTheLastArrivedGoFirst() async throws {
        let gate = Gate(Schedule(order: .newestFirst)), arrived = Recorder<Int>(), left = Recorder<Int>()
        try await Drive.run("three callers, one after another, released newest first", release: gate.release) {
            await withTaskGroup(of: Void.self) { group in
                for caller in 0..<3 {
                    group.addTask { arrived.add(caller); await gate.pass(); left.add(caller) }
                    // Each parked before the next starts: the arrival order is known.
                    while gate.arrived <= caller { await Task.yield() }
                }
            }
        }
        #expect(left.all == arrived.all.reversed())
    }

    @Test func theClockMovesToAChosenTimeAndWakesOnlyWhoIsDue() async throws {
        let clock = ManualClock(), woke = Recorder<Int>()
        try await Drive.run("sleeps of 1 s and 2 s, the clock moved to 1.5 s, then on", release: {
            if clock.now.offset == .zero { return clock.advance(to: .milliseconds(1500)) }
            return clock.advanceToNextDeadline()
        }) {
            await withTaskGroup(of: Void.self) { group in
                for seconds in [1, 2] {
                    group.addTask { try? await clock.sleep(for: .seconds(seconds)); woke.add(seconds) }
                }
            }
        }
        #expect(woke.all == [1, 2])
        #expect(clock.now.offset == .seconds(2))
    }
}
