import Dispatch
import Foundation
import SimSupport
import Testing

/// SimSupport: the gate, counters, polling, main-queue check and one-app-at-a-time lock
/// the simulators and the shared suite are built on.
@Suite("SimSupport")
struct SupportTests {
    @Test("a gate holds its waiter until opened, and says when something waits")
    func gateHolds() async throws {
        let gate = Gate()
        #expect(!gate.opened)
        #expect(!gate.isHeld)

        let released = EventCounter()
        startInBackground {
            gate.wait()
            released.increment()
        }
        try await waitUntil("the waiter to reach the gate") { gate.isHeld }
        try await Task.sleep(for: .milliseconds(30))
        #expect(released.count == 0)

        gate.open()
        #expect(gate.opened)
        try await waitUntil("the waiter to be released") { released.count == 1 }
    }

    @Test("a gate lets its waiter go after the timeout if never opened, and at once if already open")
    func gateTimeout() async throws {
        let (closed, open, lapsed) = try await inBackground("two waits") {
            let clock = ContinuousClock()
            let lapsed = Gate()
            let closed = clock.measure { lapsed.wait(timeout: .milliseconds(50)) }
            let gate = Gate()
            gate.open()
            let open = clock.measure { gate.wait(timeout: .seconds(5)) }
            return (closed, open, [lapsed.lapsedBeforeOpening, gate.lapsedBeforeOpening])
        }
        // Lower bounds only: a busy machine lengthens every wait, and no verdict rests on that.
        #expect(closed >= .milliseconds(50))
        _ = open
        #expect(lapsed == [true, false], "only the gate that timed out says it lapsed")
    }

    @Test("handed-out gates are all opened at the end, which says whether one lapsed first")
    func handedOutGates() async throws {
        let gates = HandedOutGates()
        let kept = gates.make(), lapsing = gates.make()
        try await inBackground("a wait that lapses") { lapsing.wait(timeout: .milliseconds(1)) }
        #expect(gates.openAll(), "a lapsed gate makes the run judge nothing")
        #expect(kept.opened && lapsing.opened)
        #expect(!gates.openAll(), "opened gates are forgotten")
    }

    @Test("an event counter counts up and a gauge goes up and down, from many threads at once")
    func countersAndGauges() {
        let counter = EventCounter()
        #expect(counter.count == 0)
        DispatchQueue.concurrentPerform(iterations: 1000) { _ in counter.increment() }
        #expect(counter.count == 1000)

        let gauge = Gauge()
        gauge.enter()
        gauge.enter()
        gauge.enter()
        gauge.leave()
        #expect(gauge.level == 2)
        DispatchQueue.concurrentPerform(iterations: 1000) { index in
            if index.isMultiple(of: 2) { gauge.enter() } else { gauge.leave() }
        }
        #expect(gauge.level == 2)
    }

    @Test("waitUntil returns once its condition holds")
    func waitUntilReturns() async throws {
        let counter = EventCounter()
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(30)) { counter.increment() }
        // Returning at all is the proof: waitUntil throws once its timeout passes. How long it
        // took depends on the machine, and is no verdict.
        try await waitUntil("the counter", timeout: .seconds(120)) { counter.count == 1 }
        #expect(counter.count == 1)
    }

    @Test("waitUntil throws TimedOut, naming what it waited for, when the condition never holds")
    func waitUntilTimesOut() async throws {
        let started = ContinuousClock.now
        let error = await #expect(throws: TimedOut.self) {
            try await waitUntil("Godot", timeout: .milliseconds(50), progress: { AppProgress.Reading(events: 0) }) { false }
        }
        #expect(ContinuousClock.now - started >= .milliseconds(50))
        #expect(error?.what == "Godot")
        #expect(error?.after == .milliseconds(50))
        #expect(error?.description.contains("Godot") == true)
        #expect(error?.progressing == false)
    }

    @Test("a wait on an app that keeps doing things ends only at twelve limits, saying the app kept working")
    func waitUntilOnAWorkingApp() async throws {
        let events = SimLock(0)
        let error = await #expect(throws: TimedOut.self) {
            try await waitUntil("Godot", timeout: .milliseconds(20), progress: {
                AppProgress.Reading(events: events.withLock { $0 += 1; return $0 })
            }) { false }
        }
        #expect(error?.progressing == true)
        #expect(try #require(error?.after) >= .milliseconds(240))
    }

    @MainActor
    @Test("MainQueue.isCurrent is true on the main queue and false on any other")
    func mainQueue() async throws {
        #expect(MainQueue.isCurrent)
        dispatchPrecondition(condition: .onQueue(.main))

        let onGlobal = Box<Bool>()
        DispatchQueue.global().async { onGlobal.put(MainQueue.isCurrent) }
        #expect(try await awaitValue(onGlobal, "a global-queue block") == false)
        let onSerial = Box<Bool>()
        namedQueue("serial").async { onSerial.put(MainQueue.isCurrent) }
        #expect(try await awaitValue(onSerial, "a serial-queue block") == false)
        #expect(await Task.detached { MainQueue.isCurrent }.value == false)
        let onMain = Box<Bool>()
        startInBackground { DispatchQueue.main.async { onMain.put(MainQueue.isCurrent) } }
        #expect(try await awaitValue(onMain, "a main-queue block") == true)
    }

    @Test("a SimLock keeps its state whole when many threads change it at once")
    func simLockIsALock() async throws {
        let lock = SimLock(0)
        await withTaskGroup(of: Void.self) { group in
            for _ in 1...8 {
                group.addTask { for _ in 1...1_000 { lock.withLock { $0 += 1 } } }
            }
        }
        #expect(lock.withLock { $0 } == 8_000)
    }

    @Test("Unseen.run runs its body and returns its value, with or without TSan")
    func unseenRunsItsBody() {
        #expect(Unseen.run { 6 * 7 } == 42)
    }

    @Test("OneAppAtATime runs one body at a time: a second waits until the first has returned")
    func oneAppAtATime() async throws {
        let first = Gate()
        let firstStarted = EventCounter()
        let secondStarted = EventCounter()
        let firstDone = EventCounter()

        let one = Task {
            await OneAppAtATime.shared.run {
                firstStarted.increment()
                while !first.opened { try? await Task.sleep(for: .milliseconds(1)) }
                firstDone.increment()
            }
        }
        // Generous: in a full run the stages' apps may hold the lock, one after another.
        try await waitUntil("the first body to start", timeout: .seconds(600)) { firstStarted.count == 1 }
        let two = Task {
            await OneAppAtATime.shared.run {
                // Checked inside: the first body had returned before this one began.
                #expect(firstDone.count == 1)
                secondStarted.increment()
            }
        }
        try await Task.sleep(for: .milliseconds(30))
        #expect(secondStarted.count == 0, "the second body ran while the first was running")

        first.open()
        await one.value
        await two.value
        #expect(secondStarted.count == 1)
    }

    @Test("pause(for:) blocks for at least its duration")
    func pauseBlocks() async throws {
        let elapsed = try await inBackground("a pause") {
            ContinuousClock().measure { pause(for: .milliseconds(40)) }
        }
        #expect(elapsed >= .milliseconds(40))
    }
}
