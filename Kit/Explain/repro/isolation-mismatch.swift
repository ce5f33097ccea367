// explain: -swift-version 6
// Isolation that does not match what another declaration promises: an override isolated
// differently from the method it overrides (XCTestCase's setUp() is the common one), a key
// path to main-actor state formed outside the main actor, a nonisolated stored var, and a
// function value converted across an isolation boundary.
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
