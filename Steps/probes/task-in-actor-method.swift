// probe: -swift-version 6 -enable-upcoming-feature NonisolatedNonsendingByDefault
// Stage 6's settings for tasks. What a `Task { }` started in an actor's method is isolated
// to: the actor when its body uses `self`, nothing when it captures `self` weakly (then
// `@concurrent` on it changes nothing, SE-0461); `Task.immediate` takes the actor either way
// (SE-0472), and runs at once only when it starts on that actor's executor.
// `#isolation` in a closure names the closure's own isolation (SE-0420).
import Dispatch

/// What `#isolation` reported: the actor, or no actor at all.
func describe(_ isolation: (any Actor)?) -> String {
    isolation is Controller ? "isolated to the actor" : "nonisolated"
}

/// Takes its closure as `Task.init` does, `@isolated(any)` (SE-0431): the closure's value
/// carries its isolation, so `Task { }` knows where to run the body before it starts.
func isolationOf(_ operation: @isolated(any) () async -> Void) -> String {
    describe(operation.isolation)
}

actor Controller {
    private var reports = 0

    func start() async {
        let usingSelf = await Task { reports += 1; return describe(#isolation) }.value
        print("Task { } using self:              \(usingSelf)")
        let weak = await Task { [weak self] in _ = self; return describe(#isolation) }.value
        print("Task { [weak self] }:             \(weak)")
        let concurrent = await Task { @concurrent [weak self] in _ = self; return describe(#isolation) }.value
        print("Task { @concurrent [weak self] }: \(concurrent)")
        let immediate = await Task.immediate { [weak self] in _ = self; return describe(#isolation) }.value
        print("Task.immediate { [weak self] }:   \(immediate)")
        print("an @isolated(any) closure using self, as Task { } sees it: \(isolationOf { reports += 1 })")
        print("an @isolated(any) closure with [weak self]:             \(isolationOf { [weak self] in _ = self })")
    }
}

await Controller().start()

// Started off the main actor, a main-actor `Task.immediate` waits for main like any task:
// main is blocked here until the line after it has printed.
let printed = DispatchSemaphore(value: 0)
DispatchQueue.global().async {
    Task.immediate { @MainActor in print("2. its body, on the main actor, once main is free") }
    print("1. Task.immediate { @MainActor } started on a pool thread: the next line first")
    printed.signal()
}
printed.wait()
try await Task.sleep(for: .milliseconds(300))
