// probe: -swift-version 6
// A default actor runs on the cooperative pool, one thread per core (here: with as many
// blocking calls as cores on the pool, a default actor waits). A blocking call there (a
// synchronous disk write, a semaphore) holds a pool thread until it returns. An actor
// whose executor is a serial dispatch queue of its own (SE-0392) blocks that queue's
// thread instead, and keeps running meanwhile. (SE-0392 makes Apple's
// `DispatchSerialQueue` such an executor; Linux's Dispatch has none, so one is here.)
// The executor implements only the first `enqueue`, the one that takes an `UnownedJob`
// and runs it with `runSynchronously(on:)`, not SE-0392's `consuming ExecutorJob` one, and
// writes its own `asUnownedSerialExecutor()`: the standard library's default for it is
// available from watchOS 10 (iOS 17, macOS 14) only, where the requirement dates from
// watchOS 6. The actor's method checks it runs on the executor's queue.
import Dispatch
import Foundation

actor PoolStore {
    func save() -> String { "saved" }
}

/// Runs an actor's jobs, one at a time, on a serial dispatch queue.
final class QueueExecutor: SerialExecutor {
    let queue: DispatchQueue
    init(label: String) { queue = DispatchQueue(label: label) }

    func enqueue(_ job: UnownedJob) {
        queue.async { job.runSynchronously(on: self.asUnownedSerialExecutor()) }
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }
}

actor QueueStore {
    private let executor = QueueExecutor(label: "QueueStore")
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
    func save() -> String {
        dispatchPrecondition(condition: .onQueue(executor.queue))  // traps anywhere else
        Thread.sleep(forTimeInterval: 0.5)  // a blocking write, on the queue's own thread
        return "saved"
    }
}

let cores = ProcessInfo.processInfo.activeProcessorCount
let release = DispatchSemaphore(value: 0)
let blocked = DispatchSemaphore(value: 0)
let blockers = (0..<cores).map { _ in
    Task.detached {
        blocked.signal()
        release.wait()          // a blocking call, as a synchronous disk read is
    }
}
for _ in 0..<cores { blocked.wait() }
print("one blocking call per core is running on the pool")

@MainActor final class Flag { var value = "not yet" }
let poolSave = Flag()
let waiting = Task { @MainActor in poolSave.value = await PoolStore().save() }
// Main is free while it waits for the queue's actor, so the task above starts.
print("an actor with a queue of its own meanwhile: \(await QueueStore().save())")
print("a default actor meanwhile: \(poolSave.value)")

for _ in 0..<cores { release.signal() }
for blocker in blockers { await blocker.value }
await waiting.value
print("a default actor once the pool is free: \(poolSave.value)")
