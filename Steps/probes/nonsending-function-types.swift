// probe: -swift-version 6 -enable-upcoming-feature NonisolatedNonsendingByDefault
// Under NonisolatedNonsendingByDefault a nonisolated async function *type* is
// `nonisolated(nonsending)` too: a stored async closure and an async closure parameter run
// on their caller's actor. A `@concurrent` function type leaves it.
import Dispatch

let mainKey = DispatchSpecificKey<Bool>()
func onMainActor() -> Bool { DispatchQueue.getSpecific(key: mainKey) ?? false }

/// Holds an async closure, as a completion-style API or a retry helper would.
final class Job {
    let work: () async -> Bool
    let concurrentWork: @concurrent () async -> Bool
    init(work: @escaping () async -> Bool, concurrentWork: @escaping @concurrent () async -> Bool) {
        self.work = work
        self.concurrentWork = concurrentWork
    }
}

// Formed in nonisolated code, so the closures carry no actor of their own.
nonisolated func makeJob() -> Job {
    Job(work: { onMainActor() }, concurrentWork: { onMainActor() })
}

/// Takes an async closure parameter and calls it.
nonisolated func retry(_ body: () async -> Bool) async -> Bool { await body() }

@MainActor func fromTheMainActor() async {
    let job = makeJob()
    print("called from the main actor, does it run on the main queue?")
    print("  a stored () async -> Bool:             \(await job.work())")
    print("  a stored @concurrent () async -> Bool: \(await job.concurrentWork())")
    print("  an async closure parameter:            \(await retry(job.work))")
}

DispatchQueue.main.setSpecific(key: mainKey, value: true)
await fromTheMainActor()
