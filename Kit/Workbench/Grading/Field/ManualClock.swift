// Copied by Scripts/workbench into a field exercise's tests before every check: not yours to edit.
import Synchronization

/// A clock whose time moves only when the harness says: a sleep ends when `advance` passes
/// its deadline, or throws CancellationError at once when its task is cancelled, as
/// `Task.sleep` does. Time-based code graded on it gives the same verdict on any machine.
final class ManualClock: Clock, Sendable {
    struct Instant: InstantProtocol {
        var offset: Duration
        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        let id: Int
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var sleepers: [Sleeper] = []
        var cancelledEarly: Set<Int> = []
        var nextID = 0
        var sleeps = 0
    }

    private let state = Mutex(State())

    var now: Instant { state.withLock { $0.now } }
    var minimumResolution: Duration { .zero }
    /// How many sleeps were asked of this clock.
    var sleeps: Int { state.withLock { $0.sleeps } }
    /// How many sleeps wait now: asked, and neither woken by `advance` nor cancelled.
    var waiting: Int { state.withLock { $0.sleepers.count } }

    func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = state.withLock { state in
            state.sleeps += 1
            defer { state.nextID += 1 }
            return state.nextID
        }
        try Task.checkCancellation()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome: Result<Void, any Error>? = state.withLock { state in
                    if state.cancelledEarly.remove(id) != nil { return .failure(CancellationError()) }
                    if deadline <= state.now { return .success(()) }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else {
                    state.cancelledEarly.insert(id)
                    return nil
                }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// The earliest deadline a sleeper waits for, as an offset from the start; nil when none sleeps.
    var nextDeadline: Duration? { state.withLock { $0.sleepers.map(\.deadline.offset).min() } }

    /// Moves time to the earliest pending deadline and wakes every sleeper due then; how many.
    func advanceToNextDeadline() -> Int {
        guard let next = nextDeadline else { return 0 }
        return advance(to: next)
    }

    /// Moves time to `offset` from the start (never back) and wakes every sleeper due by
    /// then; how many. A probe puts events at chosen points relative to a deadline with it:
    /// just before, or after.
    @discardableResult func advance(to offset: Duration) -> Int {
        let due = state.withLock { state -> [Sleeper] in
            state.now = max(state.now, Instant(offset: offset))
            let due = state.sleepers.filter { $0.deadline <= state.now }
            state.sleepers.removeAll { $0.deadline <= state.now }
            return due
        }
        due.forEach { $0.continuation.resume() }
        return due.count
    }
}
