/// Runs `action` for an event once no newer event has come for `delay`, measured on `clock`:
/// a burst of keystrokes makes one search, not one per key. It lives on the main actor,
/// where the events arrive, so `pending` has one owner and needs no lock.
@MainActor public final class Debouncer<C: Clock & Sendable> where C.Duration == Duration {
    private let delay: Duration
    private let clock: C
    private let action: @MainActor (String) -> Void
    private var pending: Task<Void, Never>?

    public init(delay: Duration, clock: C, action: @escaping @MainActor (String) -> Void) {
        self.delay = delay
        self.clock = clock
        self.action = action
    }

    /// Called for every event. Today each one runs the action after the delay, however
    /// many came after it.
    public func send(_ event: String) {
        pending = Task {
            try? await clock.sleep(for: delay)
            action(event)
        }
    }
}
