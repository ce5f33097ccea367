// probe: -swift-version 6
// Stages 1 to 5's settings: the Swift 6 mode without NonisolatedNonsendingByDefault (the
// semantics of Swift 6.0 and 6.1, and of 6.2 and 6.3 while the feature is off). A
// nonisolated async function, and a nonisolated async closure, leave the caller's actor
// and run on the pool. An isolated parameter defaulted to `#isolation` (SE-0420) is how
// code that must build without the feature runs on its caller's actor; the standard
// library's `withCheckedContinuation` takes one, so its body runs on the caller's actor
// and may read that actor's state.
import Dispatch

let mainKey = DispatchSpecificKey<Bool>()
func onMainActor() -> Bool { DispatchQueue.getSpecific(key: mainKey) ?? false }

nonisolated func plain() async -> Bool { onMainActor() }

func onCallersActor(isolation: isolated (any Actor)? = #isolation) async -> Bool {
    onMainActor()
}

// Formed in nonisolated code, so the closure carries no actor of its own.
nonisolated func makeWork() -> () async -> Bool { { onMainActor() } }

@MainActor func fromTheMainActor() async {
    print("called from the main actor, does it run on the main queue?")
    print("  a nonisolated async function:             \(await plain())")
    print("  a nonisolated async closure:              \(await makeWork()())")
    print("  with `isolated (any Actor)? = #isolation`: \(await onCallersActor())")
}

actor Counter {
    private var count = 3

    func readInContinuation() async -> String {
        await withCheckedContinuation { continuation in
            // Synchronous access to the actor's state: the body runs on the actor.
            continuation.resume(returning: "the continuation's body read count = \(count)")
        }
    }
}

DispatchQueue.main.setSpecific(key: mainKey, value: true)
await fromTheMainActor()
print(await Counter().readInContinuation())
