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
    @Test("a free main queue measures as a short stall")
    func freeMainQueue() async throws {
        try await withTestApp { run in
            // A busy machine can delay one heartbeat; one quiet window out of three is enough.
            var stalls: [Duration] = []
            for _ in 1...3 {
                run.runtime.resetStallMeasurement()
                try await Task.sleep(for: .milliseconds(100))
                stalls.append(run.runtime.longestMainStall)
                if stalls.last! < .milliseconds(50) { break }
            }
            #expect(stalls.contains { $0 < .milliseconds(50) }, "stalls measured: \(stalls)")
        }
    }

    @Test("blocking the main queue for 150 ms measures as a stall of at least 100 ms")
    func blockedMainQueue() async throws {
        try await withTestApp { run in
            try #require(MainQueue.isCurrent)

            run.runtime.resetStallMeasurement()
            pause(for: .milliseconds(150))
            // The beats that waited run before the runtime's next turn is over.
            let turn = Gate()
            run.runtime.atNextTurn { turn.open() }
            try await waitUntil("the runtime's next turn") { turn.opened }
            #expect(run.runtime.longestMainStall >= .milliseconds(100))

            // A reset starts a new window.
            run.runtime.resetStallMeasurement()
            #expect(run.runtime.longestMainStall < .milliseconds(100))
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
