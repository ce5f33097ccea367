import Foundation

/// Every event a simulated watch's SDK would deliver to the app, held until the schedule
/// explorer releases it: HealthKit's answers and reports, disk reads and writes off the
/// main thread. Each waits on its own `Gate` (relaxed atomics, so a release orders the
/// app's accesses in time without synchronising them for TSan), on the thread that will
/// run the app's callback, after the request's latency.
///
/// The registry itself is under a `SimLock`, out of TSan's sight. A held event that waits
/// longer than `patience` goes on by itself and is remembered (`timedOut`): the explorer
/// turns that into a failed day, never a verdict about the app.
public final class HeldEvents: Sendable {
    /// One held event: `kind` is a stable id ("health.query", "disk.write"), `serial`
    /// the order in which events reached their holds (for a tie between equal kinds).
    public struct Held: Sendable, Hashable {
        public let kind: String
        public let serial: Int
    }

    private struct State {
        var nextSerial = 0
        var waiting: [Int: (kind: String, gate: Gate)] = [:]
        var timedOut: [String] = []
        var stopped = false
    }

    private let state = SimLock(State())
    private let patience: Duration
    /// What the SDKs that hold their events here did, in order (see `DayLedger`).
    public let ledger = DayLedger()

    public init(patience: Duration = .seconds(20)) {
        self.patience = patience
    }

    /// Called on the SDK's thread: blocks until the explorer releases this event.
    public func hold(_ kind: String) {
        let gate = Gate()
        let serial = state.withLock { state -> Int? in
            if state.stopped { return nil }
            state.nextSerial += 1
            state.waiting[state.nextSerial] = (kind, gate)
            return state.nextSerial
        }
        guard let serial else { return }
        gate.wait(timeout: patience)
        state.withLock { state in
            if state.waiting.removeValue(forKey: serial) != nil && !gate.opened { state.timedOut.append(kind) }
        }
    }

    /// The events waiting now, in a stable order: by kind, then by arrival.
    public var waiting: [Held] {
        state.withLock { state in
            state.waiting.map { Held(kind: $0.value.kind, serial: $0.key) }
        }.sorted { ($0.kind, $0.serial) < ($1.kind, $1.serial) }
    }

    /// How many events wait now.
    public var count: Int { state.withLock { $0.waiting.count } }

    /// Releases one waiting event; returns false if it is no longer waiting.
    @discardableResult
    public func release(_ held: Held) -> Bool {
        guard let gate = state.withLock({ $0.waiting.removeValue(forKey: held.serial)?.gate }) else { return false }
        gate.open()
        return true
    }

    /// Releases every waiting event (the day is over, or the app is being terminated).
    public func releaseAll() {
        for held in waiting { release(held) }
    }

    /// Holds nothing from now on and releases what waits (the day is over).
    public func stopHolding() {
        state.withLock { $0.stopped = true }
        releaseAll()
    }

    /// The kinds of events that went on by themselves after `patience`.
    public var timedOut: [String] { state.withLock { $0.timedOut } }
}
