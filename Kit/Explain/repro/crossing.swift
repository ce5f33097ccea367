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
