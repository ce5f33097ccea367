// The field-mutex-memo exercise's probe: callers run on threads of their own (the memo's
// API is synchronous) and park inside `compute` at a gate the harness holds. At each idle
// the harness notes how many are parked and lets them all go. Counts decide; no verdict
// waits for time, and ThreadSanitizer is not run (it reports Mutex falsely on Linux).
// Two keys computed together are asked for again before anything else (a lost key is
// computed again); then, with no gate, new threads meet in each of 3,000 rounds and all
// ask for that round's new key, the one computing it stepping aside before it returns, and
// each key must be computed exactly once (a waiter that wakes before the value is stored
// computes it again); last, thousands of keys are
// inserted while other threads read, with no gate, every answer is checked and every key
// asked for again (a read outside the lock that guards the writes crashes).
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

/// Where `count` threads meet before each round: none goes on until all have arrived.
final class RoundBarrier: @unchecked Sendable {
    private let condition = NSCondition()
    private let count: Int
    private var waiting = 0, generation = 0

    init(_ count: Int) { self.count = count }

    func meet() {
        condition.lock()
        defer { condition.unlock() }
        let mine = generation
        waiting += 1
        if waiting == count {
            waiting = 0
            generation += 1
            condition.broadcast()
            return
        }
        while generation == mine { condition.wait() }
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
                    Idle.enlist()
                    defer { Idle.discharge() }
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
            let pair = "two keys computed together and asked for again: none computed again; two callers for one key at once: computed \(computed.all.count) time(s), at most \(together.all.max() ?? 0) inside compute together, answers \(got.sorted())"
            guard computed.all.count == 1 && got == [5, 5] else { return Measured(holds: false, seen: pair) }
            return await manyCallersPerKey(after: pair)
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

    /// For each of 3,000 rounds, new callers on threads of their own meet, then all ask for
    /// that round's new key at once, with no gate: every key must be computed exactly once,
    /// and every answer be its key's value. An answer that wakes its waiters before the value
    /// is stored (two critical sections where one is needed) lets a waiter find neither the
    /// value nor the key in flight and compute it again, when the waiter runs before the
    /// computing caller goes on: the order `stepAside` asks the scheduler for. Counts decide.
    /// Not under `Drive`: threads meeting at a barrier read as idle now and then.
    static func manyCallersPerKey(after pair: String) async -> Measured {
        let rounds = 3_000, callers = max(8, 2 * ProcessInfo.processInfo.activeProcessorCount + 2)
        let memo = Memo(), computed = Mutex<[String: Int]>([:]), wrong = Mutex(0)
        let keys = (0..<rounds).map { "round \($0)" }
        Crash.during("with \(callers) threads asking for one new key at once, \(rounds) rounds")
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            Thread {
                for key in keys {
                    askAtOnce(memo, key, callers: callers) { answer in
                        if answer != key.count { wrong.withLock { $0 += 1 } }
                    } compute: { key in
                        computed.withLock { $0[key, default: 0] += 1 }
                        // Work enough that the other callers arrive while it runs.
                        var hasher = Hasher()
                        for step in 0..<200 { hasher.combine(step) }
                        _ = hasher.finalize()
                        stepAside()
                        return key.count
                    }
                }
                done.resume()
            }.start()
        }
        Crash.during("measuring")
        let counts = computed.withLock { $0 }
        let notOnce = keys.filter { counts[$0] != 1 }
        let wrongAnswers = wrong.withLock { $0 }
        return Measured(holds: notOnce.isEmpty && wrongAnswers == 0,
                        seen: "\(pair); \(callers) callers asking for one new key at once, \(rounds) rounds: "
                            + (notOnce.isEmpty ? "each key computed exactly once" : "\(notOnce.count) of \(rounds) keys computed again (the most, \(notOnce.map { counts[$0] ?? 0 }.max() ?? 0) times)")
                            + ", \(wrongAnswers) wrong answer(s)")
    }

    /// One round: `callers` new threads meet, all ask for `key`, and the round ends when
    /// every one has its answer. A round's threads end with it, so the one that stepped
    /// aside does not stay behind the others in the next round.
    static func askAtOnce(_ memo: Memo, _ key: String, callers: Int, answered: @escaping @Sendable (Int) -> Void,
                          compute: @escaping @Sendable (String) -> Int) {
        let barrier = RoundBarrier(callers), finished = DispatchGroup()
        for _ in 0..<callers {
            finished.enter()
            Thread {
                barrier.meet()
                answered(memo.value(for: key, compute: compute))
                finished.leave()
            }.start()
        }
        finished.wait()
    }

    /// Puts the calling thread below the process's other threads (Linux's idle policy,
    /// Darwin's background class), so that callers the memo wakes next tend to run before
    /// this one goes on. It asks for an order; it decides no verdict.
    static func stepAside() {
        #if canImport(Glibc)
        var parameters = sched_param(sched_priority: 0)
        _ = sched_setscheduler(0, 5, &parameters)  // SCHED_IDLE: glibc shows it to C with _GNU_SOURCE only
        #elseif canImport(Darwin)
        _ = pthread_set_qos_class_self_np(QOS_CLASS_BACKGROUND, 0)
        #endif
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
