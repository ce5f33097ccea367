import SimSupport
import Testing
import WatchKitSim

/// The main-queue watchdog. Serialized, and the only tests that block the main queue on
/// purpose, so that one test's stall is not measured by another. The bounds are loose:
/// the figures are real time on a shared machine. Each test runs its app inside
/// `OneAppAtATime`, so no stage's app blocks the main queue meanwhile.
@Suite("WatchKitSim: the main-queue watchdog", .serialized)
@MainActor
struct WatchdogTests {
    @Test("a free main queue runs the watchdog's beats, each a turn of the runtime's")
    func freeMainQueue() async throws {
        try await withTestApp { run in
            // Counted, not timed: a busy machine delays beats, and a short stall is no verdict.
            for _ in 1...3 {
                await withCheckedContinuation { (turned: CheckedContinuation<Void, Never>) in
                    run.runtime.atNextTurn { turned.resume() }
                }
            }
        }
    }

    @Test("a beat posted while main is blocked measures at least the time main stayed blocked after it")
    func blockedMainQueue() async throws {
        try await withTestApp { run in
            try #require(MainQueue.isCurrent)

            run.runtime.resetStallMeasurement()
            // Block main until a beat has been posted, then 150 ms more: that beat waits at
            // least 150 ms, however late the machine let the watchdog post it.
            let before = run.runtime.heartbeatsPosted
            while run.runtime.heartbeatsPosted == before { pause(for: .milliseconds(1)) }
            pause(for: .milliseconds(150))
            // The beats that waited run before the runtime's next turn is over.
            let turn = Gate()
            run.runtime.atNextTurn { turn.open() }
            try await waitUntil("the runtime's next turn") { turn.opened }
            #expect(run.runtime.longestMainStall >= .milliseconds(150))

            // A reset starts a new window: nothing measured in it yet.
            run.runtime.resetStallMeasurement()
            #expect(run.runtime.longestMainStall == .zero)
        }
    }

    @Test("terminate stops the watchdog")
    func terminateStopsWatchdog() async throws {
        try await withTestApp { run in
            run.runtime.terminate()
            try await Task.sleep(for: .milliseconds(30))
            run.runtime.resetStallMeasurement()
            pause(for: .milliseconds(80))
            try await Task.sleep(for: .milliseconds(20))
            #expect(run.runtime.longestMainStall == .zero)
        }
    }
}
