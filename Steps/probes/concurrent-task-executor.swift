// probe: -swift-version 6 -enable-upcoming-feature NonisolatedNonsendingByDefault
// Where a `@concurrent` function runs: off the caller's actor, and on the global pool
// unless the task prefers an executor of its own (SE-0417's task executor preference),
// in which case it runs there. Each call reports whether it ran on the main thread and
// whether it ran on the preferred executor's queue.
import Dispatch
import Foundation

let preferredKey = DispatchSpecificKey<Bool>()

/// A task executor that runs every job on one serial dispatch queue.
final class QueueTaskExecutor: TaskExecutor {
    let queue = DispatchQueue(label: "preferred")
    init() { queue.setSpecific(key: preferredKey, value: true) }

    func enqueue(_ job: UnownedJob) {
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}

@concurrent func whereAmI() async -> String {
    "on main \(Thread.isMainThread), on the preferred executor \(DispatchQueue.getSpecific(key: preferredKey) ?? false)"
}

@MainActor func fromTheMainActor() async {
    print("@concurrent, no preference:             \(await whereAmI())")
    await withTaskExecutorPreference(QueueTaskExecutor()) {
        print("@concurrent, under a task's preference: \(await whereAmI())")
    }
}

await fromTheMainActor()
