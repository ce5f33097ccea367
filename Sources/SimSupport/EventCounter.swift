import Synchronization

/// A count of something the simulators saw happen, readable from any thread.
///
/// Relaxed on purpose (see `Gate`): a test may wait on it without adding any
/// synchronisation that ThreadSanitizer would credit to the app.
public final class EventCounter: Sendable {
    private let value = Atomic<Int>(0)

    public init() {}

    public func increment() {
        value.add(1, ordering: .relaxed)
        AppProgress.count()
    }

    public var count: Int { value.load(ordering: .relaxed) }
}

/// A level that goes up and down (I/O in flight, for instance), relaxed like `EventCounter`.
public final class Gauge: Sendable {
    private let value = Atomic<Int>(0)

    public init() {}

    public func enter() {
        value.add(1, ordering: .relaxed)
        AppProgress.count()
    }
    public func leave() {
        value.subtract(1, ordering: .relaxed)
        AppProgress.count()
    }

    public var level: Int { value.load(ordering: .relaxed) }
}
