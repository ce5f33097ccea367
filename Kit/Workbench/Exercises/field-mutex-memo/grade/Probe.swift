// The field-mutex-memo exercise's probe: callers run on threads of their own (the memo's
// API is synchronous) and park inside `compute` at a gate the harness holds. At each idle
// the harness notes how many are parked and lets them all go. Counts decide; no verdict
// waits for time, and ThreadSanitizer is not run (it reports Mutex falsely on Linux).
// Two keys computed together are asked for again before anything else (a lost key is
// computed again); last, thousands of keys are inserted while other threads read, with no
// gate, every answer is checked and every key asked for again (a read outside the lock
// that guards the writes crashes).
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
        switch property {
        case .memoComputesEachKeyOnce:
            // Two keys first: a key lost while another was computed is computed again when
            // asked for, and this scenario has no caller waiting on another, so an answer
            // that spins while a key is in flight cannot hide the loss behind its spin.
            let lost = try await twoKeysAskedAgain()
            guard lost.isEmpty else {
                return Measured(holds: false, seen: "two keys computed together, then asked for again: computed again \(lost) (nothing should be)")
            }
            let memo = Memo(), gate = ThreadGate(), computed = Recorder<String>(), together = Recorder<Int>()
            let answers = Recorder<[Int]>()
            try await Drive.run("two callers asking for \"latte\" at once", release: releasing(gate, together)) {
                answers.add(await ask(memo, ["latte", "latte"], gate: gate, computed: computed))
            }
            let got = answers.all.first ?? []
            return Measured(holds: computed.all.count == 1 && got == [5, 5],
                            seen: "two keys computed together and asked for again: none computed again; two callers for one key at once: computed \(computed.all.count) time(s), at most \(together.all.max() ?? 0) inside compute together, answers \(got.sorted())")
        case .memoKeepsEveryKey:
            let lost = try await twoKeysAskedAgain()
            guard lost.isEmpty else {
                return Measured(holds: false, seen: "two keys computed together, then asked for again: computed again \(lost) (nothing should be)")
            }
            return try await readersAndInserters()
        default:
            return Measured(holds: false, seen: "this exercise does not measure \(property.rawValue)")
        }
    }

    static func releasing(_ gate: ThreadGate, _ together: Recorder<Int>) -> @Sendable () -> Int {
        {
            together.add(gate.parked)
            return gate.releaseAll()
        }
    }

    /// "mocha" and "flat white" computed together (both parked inside compute until the
    /// harness lets them go), then asked for again: the keys computed again, sorted.
    static func twoKeysAskedAgain() async throws -> [String] {
        let memo = Memo(), gate = ThreadGate(), computed = Recorder<String>(), together = Recorder<Int>()
        try await Drive.run("two callers computing \"mocha\" and \"flat white\" at once", release: releasing(gate, together)) {
            _ = await ask(memo, ["mocha", "flat white"], gate: gate, computed: computed)
        }
        let first = computed.all.count
        try await Drive.run("the same two keys asked for again", release: releasing(gate, together)) {
            _ = await ask(memo, ["mocha", "flat white"], gate: gate, computed: computed)
        }
        return computed.all.dropFirst(first).sorted()
    }

    /// Many callers at once on threads of their own, no gate: two insert thousands of new
    /// keys while four read cached and new ones. Every answer must be its key's value, and
    /// every key, asked for again afterwards, must not be computed again; a dictionary read
    /// outside the lock that guards its writes reads storage a writer is replacing, and
    /// crashes or answers wrong (a crash fails this). Not under `Drive`: with six threads
    /// taking one lock, its idle readings took the solution for a deadlock.
    static func readersAndInserters() async throws -> Measured {
        let memo = Memo(), wrong = Mutex(0), inserting = Mutex(2)
        let keys = (0..<20_000).map { "k\($0)" + String(repeating: "x", count: $0 % 7) }
        _ = memo.value(for: "latte") { _ in 5 }
        Crash.during("with two threads inserting \(keys.count) keys while four read")
        do {
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                let start = DispatchGroup(), left = Mutex(6)
                start.enter()
                func finish() { if left.withLock({ $0 -= 1; return $0 }) == 0 { done.resume() } }
                func check(_ key: String) {
                    let answer = memo.value(for: key) { key in key.count }
                    if answer != key.count { wrong.withLock { $0 += 1 } }
                }
                for inserter in 0..<2 {
                    Thread {
                        start.wait()
                        for index in stride(from: inserter, to: keys.count, by: 2) { check(keys[index]) }
                        inserting.withLock { $0 -= 1 }
                        finish()
                    }.start()
                }
                for _ in 0..<4 {
                    Thread {
                        start.wait()
                        var asked = 0
                        while asked < 1_000 || inserting.withLock({ $0 }) > 0 {
                            check(asked % 2 == 0 ? "latte" : keys[(asked * 7_919) % keys.count])
                            asked += 1
                        }
                        finish()
                    }.start()
                }
                start.leave()
            }
        }
        Crash.during("asking for every key again after two threads inserted \(keys.count) keys while four read")
        var again = 0
        for key in keys + ["latte"] { _ = memo.value(for: key) { key in again += 1; return key.count } }
        Crash.during("measuring")
        let wrongAnswers = wrong.withLock { $0 }
        return Measured(holds: again == 0 && wrongAnswers == 0,
                        seen: "two keys computed together and asked for again: none computed again; two threads inserting \(keys.count) keys while four read: \(wrongAnswers) wrong answer(s), and asked for again, \(again) of the \(keys.count + 1) keys computed again")
    }
}
