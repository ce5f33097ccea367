// probe: -swift-version 6 -enable-upcoming-feature NonisolatedNonsendingByDefault
// Stage 6's setting: where a nonisolated async function runs, by how it is spelled and
// who calls it.
import Dispatch

// Whether the caller runs on the main queue, which serves the main actor.
let mainKey = DispatchSpecificKey<Bool>()
DispatchQueue.main.setSpecific(key: mainKey, value: true)
func onMainActor() -> Bool { DispatchQueue.getSpecific(key: mainKey) ?? false }

// Under NonisolatedNonsendingByDefault the two are the same function: the first says it
// by default, the second in so many words.
nonisolated func byDefault() async -> Bool { onMainActor() }
nonisolated(nonsending) func spelledOut() async -> Bool { onMainActor() }

// Leaves its caller's actor, always: the pool (no task executor preference here).
@concurrent func concurrent() async -> Bool { onMainActor() }

// A nonsending function runs where its caller runs, so here on the pool too.
@concurrent func spelledOutFromConcurrent() async -> Bool { await spelledOut() }

@MainActor func fromTheMainActor() async {
    print("called from the main actor, does it run on the main queue?")
    print("  nonisolated async (the default):      \(await byDefault())")
    print("  nonisolated(nonsending) async:        \(await spelledOut())")
    print("  @concurrent async:                    \(await concurrent())")
    print("  nonisolated(nonsending), called from")
    print("  a @concurrent function:               \(await spelledOutFromConcurrent())")
}

await fromTheMainActor()
