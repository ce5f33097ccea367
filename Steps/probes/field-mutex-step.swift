// probe: -swift-version 6
// The first step off a serial queue: a memo that computes each key once, guarded first by
// a serial queue (`@unchecked Sendable`, check and store in two `sync` blocks), then by a
// `Mutex` (checked `Sendable`, one critical section). Judged by counts, not ThreadSanitizer,
// which reports `Mutex` falsely on Linux.
import Foundation
import Synchronization

/// Before: the queue guards the dictionary, but the check and the store are two blocks.
final class QueueMemo: @unchecked Sendable {
    private let queue = DispatchQueue(label: "memo")
    private var values: [String: Int] = [:]

    func value(for key: String, compute: (String) -> Int) -> Int {
        if let cached = queue.sync(execute: { values[key] }) { return cached }
        let fresh = compute(key)
        queue.sync { values[key] = fresh }
        return fresh
    }
}

/// After: the state lives in the `Mutex`; check, compute and store are one critical section.
final class MutexMemo: Sendable {
    private let values = Mutex<[String: Int]>([:])

    func value(for key: String, compute: (String) -> Int) -> Int {
        values.withLock { values in
            if let cached = values[key] { return cached }
            let fresh = compute(key)
            values[key] = fresh
            return fresh
        }
    }
}

/// Two threads ask for one key at once. `compute` waits (up to 2 s) for the other caller to
/// reach it too, so a memo that lets both in computes twice on every run.
func computations(_ ask: @escaping @Sendable (@escaping (String) -> Int) -> Int) -> (count: Int, answers: [Int]) {
    let inside = Mutex(0), answers = Mutex<[Int]>([])
    let compute: @Sendable (String) -> Int = { key in
        inside.withLock { $0 += 1 }
        let deadline = Date(timeIntervalSinceNow: 2)
        while inside.withLock({ $0 }) < 2 && Date() < deadline { usleep(1_000) }
        return key.count
    }
    let group = DispatchGroup()
    for _ in 0..<2 {
        DispatchQueue.global().async(group: group) {
            let answer = ask(compute)
            answers.withLock { $0.append(answer) }
        }
    }
    group.wait()
    return (inside.withLock { $0 }, answers.withLock { $0 })
}

let queueMemo = QueueMemo(), mutexMemo = MutexMemo()
let before = computations { queueMemo.value(for: "latte", compute: $0) }
let after = computations { mutexMemo.value(for: "latte", compute: $0) }
print("serial queue, check and store split: computed \(before.count) times, answers \(before.answers)")
print("Mutex, one critical section: computed \(after.count) time, answers \(after.answers)")
