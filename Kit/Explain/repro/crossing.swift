// explain: -swift-version 5 -strict-concurrency=complete
// Non-Sendable values crossing into an actor and back: what an app's own model types meet
// and Coffee Tracker's do not. Region diagnostics come from SIL and print only when the
// file has no errors: the Swift 5 mode with complete checking makes them warnings.
final class Draft { var text = "" }

actor Archive {
    var drafts: [Draft] = []
    func latest() -> Draft { drafts.last ?? Draft() }
    func store(_ draft: Draft) { drafts.append(draft) }
}

func reopen(archive: Archive) async {
    let draft = await archive.latest()
    print(draft.text)
}

func save(_ draft: Draft, archive: Archive) async {
    await archive.store(draft)
    print(draft.text)
}

func edit(_ draft: Draft) {
    Task { draft.text = "edited" }
    print(draft.text)
}

@MainActor func refresh() {}
func schedule(_ work: @escaping () -> Void) { work() }
func loseActor() { let f: () -> Void = refresh; schedule(f) }

// A closure written in main-actor code is main-actor; typed without `@Sendable` it cannot
// become a `@Sendable` function (swiftlang/swift#89694's shape).
final class Ledger {}
@MainActor func redraw() {}
@MainActor func keep(ledger: Ledger) {
    let job: () async -> Void = { redraw(); print(ledger) }
    let stored: @Sendable () async -> Void = job
    _ = stored
}

// A callback's parameter is task-isolated: it cannot be sent, whatever follows the send.
final class Reading { var value = 0 }
func fetchReading(_ done: @escaping (Reading) -> Void) { done(Reading()) }
func latestReading() async -> Reading {
    await withCheckedContinuation { continuation in
        fetchReading { reading in continuation.resume(returning: reading) }
    }
}

// A main-actor implementation of a nonisolated async requirement returns a non-Sendable value.
final class Payload { var items: [Int] = [] }
protocol Loading { func load() async -> Payload }
@MainActor final class Loader: Loading { func load() async -> Payload { Payload() } }

// A task that adds into a local var the function reads after it: the closure is sent
// ("sending value of non-Sendable type '() async -> ()'", note "access can happen concurrently").
func tallyInTask(_ items: [Int]) async -> Int {
    var total = 0
    let work = Task { for item in items { total += item } }
    await work.value
    return total
}
