// probe: -swift-version 6
// Locks in async code: a critical section must not contain an await. withLock takes a
// synchronous closure, so none can; splitting the lock around an await loses updates.
import Foundation
import Synchronization

// The fix: each update is one synchronous critical section.
let hits = Mutex(0)                       // Synchronization: macOS 15, iOS 18 and later
final class OlderTally: @unchecked Sendable {
    private let lock = NSLock()           // any OS: NSLock, but only through withLock
    private var count = 0                 // guarded by lock
    func add() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
let older = OlderTally()
await withTaskGroup(of: Void.self) { group in
    for _ in 0..<100 {
        group.addTask { hits.withLock { $0 += 1 }; older.add() }
    }
}
print("100 tasks, Mutex: \(hits.withLock { $0 }), NSLock.withLock: \(older.value)")

// The wrong fix: read under the lock, await, write under the lock. Both tasks read
// before either writes (the barrier orders them), so one update is lost.
actor Barrier {
    private var waiting: [CheckedContinuation<Void, Never>] = []
    func arrive(expecting count: Int) async {
        if waiting.count + 1 == count {
            waiting.forEach { $0.resume() }
            waiting = []
        } else {
            await withCheckedContinuation { waiting.append($0) }
        }
    }
}
let balance = Mutex(0)
let bothHaveRead = Barrier()
await withTaskGroup(of: Void.self) { group in
    for _ in 0..<2 {
        group.addTask {
            let seen = balance.withLock { $0 }
            await bothHaveRead.arrive(expecting: 2)     // the await between read and write
            balance.withLock { $0 = seen + 1 }
        }
    }
}
print("2 deposits split around an await: balance \(balance.withLock { $0 })")

// What replaces Thread.current and its threadDictionary: a task-local value. It follows
// the task across awaits and into child tasks; a detached task starts without it.
enum Request {
    @TaskLocal static var id = "none"
}
await Request.$id.withValue("R-7") {
    await Task.yield()
    async let child = Request.id
    let detached = await Task.detached { Request.id }.value
    print("after an await: \(Request.id), child task: \(await child), detached: \(detached)")
}
