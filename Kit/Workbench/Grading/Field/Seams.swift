// Copied by Scripts/workbench into a field exercise's tests before every check: not yours to edit.
import Foundation
import Synchronization

/// The orders in which the harness lets parked callers go, one order a run: the oldest
/// first (the tidy order), the newest first, all at once, two at once (two callers inside
/// the learner's code together), and shuffles from fixed seeds. A probe runs its scenario
/// under each (`Explore`), so an answer right only in the tidy order fails, and the same
/// answer meets the same orders at every check.
struct Schedule: Sendable, CustomStringConvertible {
    enum Order: Sendable { case oldestFirst, newestFirst, allAtOnce, twoAtOnce, shuffled(seed: UInt64) }
    let order: Order

    static let explored: [Schedule] = [.init(order: .oldestFirst), .init(order: .newestFirst), .init(order: .allAtOnce),
                                       .init(order: .twoAtOnce), .init(order: .shuffled(seed: 7)), .init(order: .shuffled(seed: 2026))]

    var description: String {
        switch order {
        case .oldestFirst: "released oldest first"
        case .newestFirst: "released newest first"
        case .allAtOnce: "released all at once"
        case .twoAtOnce: "released two at once"
        case .shuffled(let seed): "released shuffled (seed \(seed))"
        }
    }
}

/// Where learner code waits on the harness: each caller parks until the harness releases it.
/// Counts what arrived, so a probe knows how many callers were inside at once.
final class Gate: Sendable {
    private struct State {
        var parked: [CheckedContinuation<Void, Never>] = []
        var arrived = 0
        var random: UInt64
    }

    private let state: Mutex<State>
    private let schedule: Schedule

    init(_ schedule: Schedule = Schedule(order: .oldestFirst)) {
        self.schedule = schedule
        if case .shuffled(let seed) = schedule.order { state = Mutex(State(random: seed | 1)) } else { state = Mutex(State(random: 1)) }
    }

    func pass() async {
        await withCheckedContinuation { continuation in
            state.withLock { $0.parked.append(continuation); $0.arrived += 1 }
        }
    }

    var parked: Int { state.withLock { $0.parked.count } }
    var arrived: Int { state.withLock { $0.arrived } }

    /// Lets the caller parked longest go on; 1, or 0 when none is parked.
    func releaseOne() -> Int {
        let first = state.withLock { $0.parked.isEmpty ? nil : $0.parked.removeFirst() }
        first?.resume()
        return first == nil ? 0 : 1
    }

    /// Lets every parked caller go on; how many there were.
    @discardableResult func releaseAll() -> Int {
        let released = state.withLock { state in
            defer { state.parked = [] }
            return state.parked
        }
        released.forEach { $0.resume() }
        return released.count
    }

    /// Lets go of the callers the gate's schedule picks; how many (0: none was parked).
    func release() -> Int {
        let released = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            guard !state.parked.isEmpty else { return [] }
            switch schedule.order {
            case .oldestFirst: return [state.parked.removeFirst()]
            case .newestFirst: return [state.parked.removeLast()]
            case .allAtOnce:
                defer { state.parked = [] }
                return state.parked
            case .twoAtOnce:
                let two = Array(state.parked.prefix(2))
                state.parked.removeFirst(two.count)
                return two
            case .shuffled:
                // xorshift64: the same seed picks the same callers at every check.
                state.random ^= state.random << 13
                state.random ^= state.random >> 7
                state.random ^= state.random << 17
                return [state.parked.remove(at: Int(state.random % UInt64(state.parked.count)))]
            }
        }
        released.forEach { $0.resume() }
        return released.count
    }
}

/// What happened, in order, from any thread.
final class Recorder<Value: Sendable>: Sendable {
    private let list = Mutex<[Value]>([])
    func add(_ value: Value) { list.withLock { $0.append(value) } }
    var all: [Value] { list.withLock { $0 } }
}

/// How many are inside at once, and the most ever: counted at every entry, not sampled, so
/// a moment over the limit between two idles is seen.
final class Occupancy: Sendable {
    private let state = Mutex<(now: Int, most: Int)>((0, 0))
    func enter() { state.withLock { $0.now += 1; $0.most = max($0.most, $0.now) } }
    func leave() { state.withLock { $0.now -= 1 } }
    var now: Int { state.withLock { $0.now } }
    var most: Int { state.withLock { $0.most } }
}
