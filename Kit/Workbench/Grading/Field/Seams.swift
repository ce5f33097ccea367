// Copied by Scripts/workbench into a field exercise's tests before every check: not yours to edit.
import Foundation
import Synchronization

/// Where learner code waits on the harness: each caller parks until the harness releases it.
/// Counts what arrived, so a probe knows how many callers were inside at once.
final class Gate: Sendable {
    private let state = Mutex<(parked: [CheckedContinuation<Void, Never>], arrived: Int)>(([], 0))

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
}

/// What happened, in order, from any thread.
final class Recorder<Value: Sendable>: Sendable {
    private let list = Mutex<[Value]>([])
    func add(_ value: Value) { list.withLock { $0.append(value) } }
    var all: [Value] { list.withLock { $0 } }
}

/// How many are inside at once, and the most ever.
final class Occupancy: Sendable {
    private let state = Mutex<(now: Int, most: Int)>((0, 0))
    func enter() { state.withLock { $0.now += 1; $0.most = max($0.most, $0.now) } }
    func leave() { state.withLock { $0.now -= 1 } }
    var most: Int { state.withLock { $0.most } }
}
