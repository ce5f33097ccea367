// explain: -swift-version 6
// Main-actor state reached from nonisolated synchronous code.
@MainActor final class Screen {
    var title = ""
    init() {}
}

func retitle(_ screen: Screen) {
    screen.title = "new"
}

func makeScreen() -> Screen { Screen() }
