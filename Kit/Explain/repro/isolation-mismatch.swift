// explain: -swift-version 6
// Isolation that does not match what another declaration promises: an override isolated
// differently from the method it overrides (XCTestCase's setUp() is the common one), a key
// path to main-actor state formed outside the main actor, a nonisolated stored var, a
// function value converted across an isolation boundary or to a `sending` result, and a
// mutating async method on an actor's property.
class Screen {
    init() {}
    func refresh() {}
}

final class DetailScreen: Screen {
    @MainActor override func refresh() {}
    @MainActor override init() { super.init() }
}

@MainActor final class Panel {
    var width = 0
}

nonisolated func widthPath() -> ReferenceWritableKeyPath<Panel, Int> {
    \Panel.width
}

actor Counter {
    nonisolated var total = 0
}

// A main-actor function stored as one that runs on its caller's actor: every call would
// carry the non-Sendable draft across.
final class Draft {}
@MainActor func saveDraft(_ draft: Draft) async {}

func keepForLater() {
    let save: nonisolated(nonsending) (Draft) async -> Void = saveDraft
    _ = save
}

// A function passed where a `sending` result is required: it may return a draft it shares.
func takeFresh(_ make: () -> sending Draft) {}
func passMaker() {
    let make: () -> Draft = { Draft() }
    takeFresh(make)
}

// A mutating async method on a value stored in an actor: it would hold the actor's
// property across its suspensions.
struct Upload {
    var sent = 0
    mutating func send() async { sent += 1 }
}

actor Uploader {
    var upload = Upload()
    func sendAll() async { await upload.send() }
}
