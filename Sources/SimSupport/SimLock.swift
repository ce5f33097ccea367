import Foundation

/// A lock for the simulators' own state, taken out of TSan's sight (see `Unseen`): it
/// keeps the simulators correct without ordering any of the app's accesses.
///
/// Build one on the test's thread or at launch, never in an object an app creates on its
/// own threads: building one reaches `Unseen`'s lazily initialised lookup, which TSan on
/// Linux treats as a lock, and that would order the app thread's accesses before main's
/// (a query that kept its update handler in one hid `race-health-access` every run).
public final class SimLock<State>: @unchecked Sendable {
    // `@unchecked Sendable` is sound: `state` is touched only under `lock`.
    private let lock = NSLock()
    private var state: State

    public init(_ state: State) {
        self.state = state
        Unseen.prepare()
    }

    /// Runs `body` with the state, under the lock, out of TSan's sight. `body` must be
    /// simulator code only.
    public func withLock<T>(_ body: (inout State) throws -> T) rethrows -> T {
        try Unseen.run {
            lock.lock()
            defer { lock.unlock() }
            return try body(&state)
        }
    }
}
