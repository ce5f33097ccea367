// Copied by Scripts/workbench into a field exercise's tests before every check: not yours to edit.
import Foundation
import Synchronization

/// The learner's code stopped for good: the process went idle with the work unfinished and
/// nothing the harness holds to release (a deadlock, a lost wake-up, a loop that never
/// ends), or, last resort, it never went idle within the limit.
struct Hang: Error, CustomStringConvertible {
    let description: String
    /// False where the harness cannot tell a hang from slow work: a deadlock where the kernel
    /// does not show which threads wait (not Linux), and every timeout. The grade then says
    /// "not measured", never "fails".
    var judged = true

    /// What the grading test does with a hang: write its finding and end the process. Called
    /// on the harness's thread, since the hung work may hold every thread of the pool.
    static let onHang = Mutex<(@Sendable (Hang) -> Void)?>(nil)
}

/// Runs learner code to its end under the harness: whenever the process is idle with the
/// work unfinished, `release` lets go of what the harness holds (parked callers, a clock's
/// sleepers) and says how many; idle with nothing to release and no thread asleep on a timer
/// is a hang, reported as such.
enum Drive {
    /// The last resort, for a process that never goes idle (a busy loop): a timeout, and the
    /// finding says so and judges nothing.
    static let limit: TimeInterval = 60

    static func run(_ what: String, release: @escaping @Sendable () -> Int = { 0 },
                    _ work: @escaping @Sendable () async -> Void) async throws {
        let done = Mutex(false)
        Task { await work(); done.withLock { $0 = true } }
        try await watch(what, finished: { done.withLock { $0 } }, release: release, quietEnds: false)
    }

    /// Waits until the process is idle with nothing left to release: the learner's code has
    /// done all it will do (a debouncer's timers fired, its tasks ended).
    static func untilQuiet(_ what: String, release: @escaping @Sendable () -> Int = { 0 }) async throws {
        try await watch(what, finished: { false }, release: release, quietEnds: true)
    }

    private static func watch(_ what: String, finished: @escaping @Sendable () -> Bool, release: @escaping @Sendable () -> Int,
                              quietEnds: Bool) async throws {
        let outcome: String? = await withCheckedContinuation { continuation in
            let thread = Thread {
                let started = Date()
                while true {
                    if finished() { return continuation.resume(returning: nil) }
                    if Idle.settled() {
                        if finished() { return continuation.resume(returning: nil) }
                        // A caller waiting with a deadline goes first: the order in which its
                        // timeout fires before what it waits for is let go.
                        if Idle.callerAsleepOnATimer() {
                            usleep(1000)
                        } else if release() == 0 {
                            // Asleep on a timer, or a thread ran while the process was read:
                            // neither stuck nor done; look again.
                            if !Idle.stuck() || finished() {
                                usleep(1000)
                            } else {
                                if quietEnds { return continuation.resume(returning: nil) }
                                report("\(what) never finished: the process went idle with the work unfinished and nothing left to release (a deadlock: every thread blocked or parked)",
                                       judged: Idle.threadStatesRead)
                                return continuation.resume(returning: "\(what) never finished (a deadlock)")
                            }
                        }
                    } else {
                        usleep(200)  // not a spin: the learner's code needs the core more
                    }
                    if Date().timeIntervalSince(started) > limit {
                        report("\(what) did not finish within \(Int(limit)) s while the process stayed busy or asleep on a timer (a timeout: the last resort, not an event)",
                               judged: false)
                        return continuation.resume(returning: "\(what) timed out")
                    }
                }
            }
            thread.start()
        }
        if let outcome { throw Hang(description: outcome) }
    }

    /// Ends the grade from the watching thread: the test's task may never run again.
    private static func report(_ description: String, judged: Bool) {
        let hang = Hang(description: description, judged: judged)
        if let handler = Hang.onHang.withLock({ $0 }) { handler(hang) }
    }
}
