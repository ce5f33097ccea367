import Dispatch

/// Tells whether the caller runs on the main queue.
///
/// On Linux the main queue is not always served by the process's first thread, so
/// `Thread.isMainThread` can be wrong; a queue-specific value is exact on both platforms.
///
/// The simulators keep the instance they were built with and ask it, rather than the
/// static `isCurrent`: on Linux, TSan treats every access to a lazily initialised global
/// (`MainQueue.shared` is one) as a lock, so two app threads asking through it would be
/// ordered for TSan by the simulator. Tests may use the static form.
public final class MainQueue: @unchecked Sendable {
    // `@unchecked Sendable` is sound: the key is a `let`, and dispatch's specifics are thread-safe.
    public static let shared = MainQueue()

    private let key = DispatchSpecificKey<Bool>()

    private init() {
        DispatchQueue.main.setSpecific(key: key, value: true)
    }

    public var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == true }

    public static var isCurrent: Bool { shared.isCurrent }
}
