// probe: -swift-version 6
// watch: the trap on a recursive withLock was measured on Linux with 6.3.1 only; no proposal promises it
// The memos of probe field-mutex-step, with a `compute` that asks the memo again for
// another key (a total built from its parts). The queue memo does not hold its queue
// while `compute` runs, so the inner call goes through. The `Mutex` memo holds its lock
// across `compute`, and the inner `withLock` on the same `Mutex` stops the program.
import Foundation
import Synchronization

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

// Written at once, so that each line is out before the trap (`print` buffers when piped).
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

let queueMemo = QueueMemo()
let total = queueMemo.value(for: "order") { _ in
    queueMemo.value(for: "latte") { $0.count } + 1    // the memo again, from compute
}
say("serial queue, compute calls the memo: \(total)")

let mutexMemo = MutexMemo()
say("Mutex, compute calls the memo:")
let again = mutexMemo.value(for: "order") { _ in
    mutexMemo.value(for: "latte") { $0.count } + 1    // the same lock, already held
}
say("  \(again)")
