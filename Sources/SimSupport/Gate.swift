import Foundation
import Synchronization

/// A barrier a test opens to release a held SDK callback ("the user has not answered the
/// Health sheet yet", "the query is still running").
///
/// It uses relaxed atomics on purpose: they order two events in time without creating a
/// happens-before edge, so ThreadSanitizer judges the app's own synchronisation and
/// nothing else. A race the app has is reported every time; a race it does not have is
/// never manufactured. See `shared/notes/tsan-on-linux.md`.
public final class Gate: Sendable {
    private let isOpen = Atomic<Bool>(false)
    private let hasWaiter = Atomic<Bool>(false)
    private let lapsed = Atomic<Bool>(false)

    /// How long a held callback waits for its test before it goes on by itself: long
    /// enough that no busy machine reaches it (a check under ThreadSanitizer beside a full
    /// CI took over 10 s between holding a write and opening it), so that only a gate
    /// nobody opens ever lapses. A lapsed gate is remembered (`lapsedBeforeOpening`): the
    /// event then went on in an order the test did not choose, and the run judged nothing.
    public static let patience: Duration = .seconds(120)

    public init() {}

    public func open() { isOpen.store(true, ordering: .relaxed) }

    public var opened: Bool { isOpen.load(ordering: .relaxed) }

    /// True once something is blocked in `wait()`: opening the gate now releases it at
    /// once, which keeps a racing pair of accesses close together in time (TSan forgets
    /// an access once enough happens after it).
    public var isHeld: Bool { hasWaiter.load(ordering: .relaxed) }

    /// True when the waiter went on after `patience` with the gate still shut.
    public var lapsedBeforeOpening: Bool { lapsed.load(ordering: .relaxed) }

    /// Blocks the calling thread until the gate opens (or the timeout passes, so a
    /// forgotten gate slows a test down instead of hanging it).
    /// Told when a thread starts and stops waiting at a gate (`PendingWork` sets it, before
    /// any app runs). A plain static with a constant initial value, read out of TSan's
    /// sight: a lazily initialised global would be a lock to TSan on Linux (see `Unseen`).
    nonisolated(unsafe) private static var onBlock: (@convention(c) (Bool) -> Void)?

    public static func setOnBlock(_ hook: @escaping @convention(c) (Bool) -> Void) {
        Unseen.run { onBlock = hook }
    }

    private static func blocking(_ starts: Bool) {
        Unseen.run { onBlock }?(starts)
    }

    public func wait(timeout: Duration = Gate.patience) {
        hasWaiter.store(true, ordering: .relaxed)
        // A job waiting here waits for the test: not work the app has left (`PendingWork`).
        Self.blocking(true)
        defer { Self.blocking(false) }
        let deadline = ContinuousClock.now + timeout
        while !opened && ContinuousClock.now < deadline {
            usleep(100)
        }
        if !opened { lapsed.store(true, ordering: .relaxed) }
    }
}
