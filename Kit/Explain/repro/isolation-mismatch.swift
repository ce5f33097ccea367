// explain: -swift-version 6
// Isolation that does not match what another declaration promises: an override isolated
// differently from the method it overrides (XCTestCase's setUp() is the common one), a key
// path to main-actor state formed outside the main actor, a nonisolated stored var.
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
