// The field-mutex-memo exercise's probe: callers run on threads of their own (the memo's
// API is synchronous) and park inside `compute` at a gate the harness holds. At each idle
// the harness notes how many are parked and lets them all go. Counts decide; no verdict
// waits for time, and ThreadSanitizer is not run (it reports Mutex falsely on Linux).
import Exercise
import Foundation
import Synchronization

/// Where a caller's thread waits inside `compute` until the harness lets it go.
final class ThreadGate: Sendable {
    private let condition = NSCondition()
    private let state = Mutex<(parked: Int, arrived: Int, released: Int)>((0, 0, 0))

    func pass() {
        condition.lock()
        let ticket = state.withLock { state -> Int in
            state.parked += 1
            state.arrived += 1
            return state.arrived
        }
        while state.withLock({ $0.released }) < ticket { condition.wait() }
        state.withLock { $0.parked -= 1 }
        condition.unlock()
    }

    var parked: Int { state.withLock { $0.parked } }
    var arrived: Int { state.withLock { $0.arrived } }

    /// Lets every caller that has arrived go on; how many were parked.
    func releaseAll() -> Int {
        condition.lock()
        defer { condition.unlock() }
        let parked = state.withLock { state -> Int in
            state.released = state.arrived
            return state.parked
        }
        condition.broadcast()
        return parked
    }
}

enum Probe {
    /// Asks `memo` for each key on a thread of its own, all at once, and waits for every answer.
    static func ask(_ memo: Memo, _ keys: [String], gate: ThreadGate, computed: Recorder<String>) async -> [Int] {
        let answers = Recorder<Int>()
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            let left = Mutex(keys.count)
            for key in keys {
                Thread {
                    let answer = memo.value(for: key) { key in
                        computed.add(key)
                        gate.pass()
                        return key.count
                    }
                    answers.add(answer)
                    if left.withLock({ $0 -= 1; return $0 }) == 0 { done.resume() }
                }.start()
            }
        }
        return answers.all
    }

    static func measure(_ property: FieldPropertyID) async throws -> Measured {
        let memo = Memo(), gate = ThreadGate(), computed = Recorder<String>(), together = Recorder<Int>()
        let release: @Sendable () -> Int = {
            together.add(gate.parked)
            return gate.releaseAll()
        }
        switch property {
        case .memoComputesEachKeyOnce:
            let answers = Recorder<[Int]>()
            try await Drive.run("two callers asking for \"latte\" at once", release: release) {
                answers.add(await ask(memo, ["latte", "latte"], gate: gate, computed: computed))
            }
            let got = answers.all.first ?? []
            return Measured(holds: computed.all.count == 1 && got == [5, 5],
                            seen: "two callers for one key at once: computed \(computed.all.count) time(s), at most \(together.all.max() ?? 0) inside compute together, answers \(got.sorted())")
        case .memoKeepsEveryKey:
            try await Drive.run("two callers computing \"mocha\" and \"flat white\" at once", release: release) {
                _ = await ask(memo, ["mocha", "flat white"], gate: gate, computed: computed)
            }
            let first = computed.all.count
            try await Drive.run("the same two keys asked for again", release: release) {
                _ = await ask(memo, ["mocha", "flat white"], gate: gate, computed: computed)
            }
            let again = computed.all.dropFirst(first)
            return Measured(holds: again.isEmpty,
                            seen: "two keys computed together, then asked for again: computed again \(again.sorted()) (nothing should be)")
        default:
            return Measured(holds: false, seen: "this exercise does not measure \(property.rawValue)")
        }
    }
}
