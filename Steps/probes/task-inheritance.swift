// probe: -swift-version 6
// What a child task (async let), a detached task and an unstructured Task { } take from
// the task that creates them: priority, task-local values, cancellation, actor.
import Dispatch

enum Trace {
    @TaskLocal static var request = "none"
}

let mainKey = DispatchSpecificKey<Bool>()
DispatchQueue.main.setSpecific(key: mainKey, value: true)
func onMainActor() -> Bool { DispatchQueue.getSpecific(key: mainKey) ?? false }

func report(_ who: String) -> String {
    let priority = withUnsafeCurrentTask { $0.map { "\($0.basePriority)" } } ?? "no task"
    return "\(who) \(priority), request \(Trace.request), cancelled \(Task.isCancelled), main actor \(onMainActor())"
}

@MainActor func parent() async {
    print(report("parent:        "))
    async let child = report("async let:     ")
    print(await child)
    print(await Task.detached { report("Task.detached: ") }.value)
    print(await Task { report("Task { }:      ") }.value)
}

let outer = Task(priority: .high) { @MainActor in
    await Trace.$request.withValue("R-42") {
        withUnsafeCurrentTask { $0?.cancel() }      // the parent is cancelled
        await parent()
    }
}
await outer.value
