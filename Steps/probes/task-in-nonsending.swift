// probe: -swift-version 6 -enable-upcoming-feature NonisolatedNonsendingByDefault
// A `nonisolated(nonsending)` function runs on its caller's actor, here the main actor
// (SE-0461). A `Task { }` started inside it does not inherit that: the function's
// isolation is its caller's, not a static actor, and an unstructured task inherits only a
// static one. Its body runs on the pool.
import Dispatch

let mainKey = DispatchSpecificKey<Bool>()
DispatchQueue.main.setSpecific(key: mainKey, value: true)
func onMainQueue() -> Bool { DispatchQueue.getSpecific(key: mainKey) ?? false }

nonisolated(nonsending) func startWork() async -> (here: Bool, inTask: Bool) {
    let here = onMainQueue()
    let task = Task { onMainQueue() }
    return (here, await task.value)
}

@MainActor func fromTheMainActor() async {
    let answer = await startWork()
    print("the nonsending function, called from the main actor, on the main queue: \(answer.here)")
    print("a Task { } it starts, on the main queue:                              \(answer.inTask)")
}

await fromTheMainActor()
