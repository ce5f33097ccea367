// probe: -swift-version 6
import Dispatch
import Synchronization

// What a load's `apply` does when it wraps the model update in a task it does not await.
@MainActor enum Model { static var drinks = 0 }
let updated = Mutex(false)

nonisolated func applyInATask() async {
    Task { @MainActor in
        Model.drinks += 1
        updated.withLock { $0 = true }
        print("the task updates the model: drinks = \(Model.drinks)")
    }
}

// A caller on the main actor: its resumption queues on main behind the task's job.
@MainActor func refreshOnMain() async {
    await applyInATask()
    print("a caller on main goes on after it: drinks = \(Model.drinks)")
}

// A caller off main goes on at once: `apply` returned, the model has not changed.
@MainActor func refreshOffMainWhileMainIsBusy() {
    let checked = DispatchSemaphore(value: 0)
    Task.detached {
        await applyInATask()
        print("a caller off main goes on before it: updated = \(updated.withLock { $0 })")
        checked.signal()
    }
    checked.wait()  // main stays busy (a long UI update), so the task's job waits
}

await refreshOnMain()
updated.withLock { $0 = false }
refreshOffMainWhileMainIsBusy()
await Task.yield()  // main queues behind the task's job, which runs first
print("main is free again: drinks = \(Model.drinks)")
