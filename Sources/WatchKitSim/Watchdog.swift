import Foundation
import SimSupport
import Synchronization

/// Measures how long the main queue goes without running anything: a thread posts a
/// heartbeat to the main queue every few milliseconds and notes how old the last one is.
///
/// Resolution is the beat interval (about 5 ms); a stall of the length of a disk write
/// (the container's delay) stands well above it.
///
/// Each heartbeat also gives the runtime a turn on the main thread (`onBeat`). The
/// heartbeat thread never touches the app's state, so what it posts to main carries no
/// happens-before edge from any app thread: the runtime's way to reach main from work an
/// app thread asked for, without handing that thread's accesses to main for TSan.
public final class Watchdog: Sendable {
    /// The heartbeat thread's name (at most 15 bytes, as Linux keeps them), so that a test
    /// waiting for the app to be idle can tell it from the app's threads.
    public static var threadName: String { "WKSim.watchdog" }

    private let interval: Duration = .milliseconds(5)
    private let lastBeat = Atomic<UInt64>(0)
    private let longest = Atomic<UInt64>(0)
    private let running = Atomic<Bool>(false)

    func start(onBeat: @escaping @MainActor @Sendable () -> Void) {
        reset()
        running.store(true, ordering: .relaxed)
        let thread = Thread { [self] in
            while running.load(ordering: .relaxed) {
                DispatchQueue.main.async { [self] in
                    lastBeat.store(Self.uptime, ordering: .relaxed)
                    MainActor.assumeIsolated(onBeat)
                }
                pause(for: interval)
                let stall = Self.uptime &- lastBeat.load(ordering: .relaxed)
                longest.max(stall, ordering: .relaxed)
            }
        }
        thread.name = Self.threadName
        thread.start()
    }

    func stop() { running.store(false, ordering: .relaxed) }

    /// Starts a new measurement window.
    func reset() {
        lastBeat.store(Self.uptime, ordering: .relaxed)
        longest.store(0, ordering: .relaxed)
    }

    /// The longest main-queue stall since the last `reset()`, less the beat interval.
    var longestStall: Duration {
        let stall = Duration.nanoseconds(Int64(longest.load(ordering: .relaxed))) - interval
        return max(stall, .zero)
    }

    private static var uptime: UInt64 { DispatchTime.now().uptimeNanoseconds }
}
