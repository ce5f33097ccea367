import Foundation
import SimSupport
import Synchronization

/// Measures how long the main queue goes without running anything: a thread posts a
/// heartbeat to the main queue every few milliseconds, and each heartbeat, when main runs
/// it, notes how long it waited.
///
/// Resolution is the beat interval; a stall of the length of a disk write (the container's
/// delay) stands well above it. The wait is measured where it happens,
/// on main: a heartbeat thread that a busy machine leaves without a core posts fewer
/// beats, but does not make main look blocked.
///
/// Each heartbeat also gives the runtime a turn on the main thread (`onBeat`). The
/// heartbeat thread never touches the app's state, so what it posts to main carries no
/// happens-before edge from any app thread: the runtime's way to reach main from work an
/// app thread asked for, without handing that thread's accesses to main for TSan.
public final class Watchdog: Sendable {
    /// The heartbeat thread's name (at most 15 bytes, as Linux keeps them), so that a test
    /// waiting for the app to be idle can tell it from the app's threads.
    public static var threadName: String { "WKSim.watchdog" }

    /// A test that waits for the app to be idle waits for the runtime's turns, so the beat
    /// sets the suite's pace: 1 ms made `swift test` about a sixth faster than 5 ms. Under
    /// ThreadSanitizer the beat stays at the 5 ms every race figure was measured with: each
    /// beat is work on main, and more of it between two racing accesses could push the
    /// first out of TSan's history.
    private let interval: Duration = Unseen.underThreadSanitizer ? .milliseconds(5) : .milliseconds(1)
    private let windowStart = Atomic<UInt64>(0)
    private let longest = Atomic<UInt64>(0)
    private let running = Atomic<Bool>(false)
    private let beatsSent = Atomic<Int>(0)

    /// How many heartbeats the thread has posted to main so far.
    var beatsPosted: Int { beatsSent.load(ordering: .relaxed) }

    func start(timeline: TimelineRecorder? = nil, onBeat: @escaping @MainActor @Sendable () -> Void) {
        reset()
        running.store(true, ordering: .relaxed)
        let thread = Thread { [self] in
            while running.load(ordering: .relaxed) {
                let posted = Self.uptime
                let postedOnTimeline = timeline?.now ?? 0
                DispatchQueue.main.async { [self] in
                    timeline?.beat(postedAt: postedOnTimeline)
                    // A beat posted before the window started measures nothing in it.
                    if posted >= windowStart.load(ordering: .relaxed) {
                        longest.max(Self.uptime &- posted, ordering: .relaxed)
                    }
                    MainActor.assumeIsolated(onBeat)
                }
                beatsSent.add(1, ordering: .relaxed)
                pause(for: interval)
            }
        }
        thread.name = Self.threadName
        thread.start()
    }

    func stop() { running.store(false, ordering: .relaxed) }

    /// Starts a new measurement window.
    func reset() {
        windowStart.store(Self.uptime, ordering: .relaxed)
        longest.store(0, ordering: .relaxed)
    }

    /// The longest a heartbeat posted since the last `reset()` waited for the main queue.
    var longestStall: Duration {
        .nanoseconds(Int64(longest.load(ordering: .relaxed)))
    }

    private static var uptime: UInt64 { DispatchTime.now().uptimeNanoseconds }
}
