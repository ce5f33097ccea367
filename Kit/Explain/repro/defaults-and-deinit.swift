// explain: -swift-version 5 -strict-concurrency=complete
// A main-actor function as a nonisolated property's default value, and a main-actor
// class's deinit (nonisolated) touching non-Sendable state. The Swift 5 mode keeps both
// warnings, so the second prints beside the first.
@MainActor func makeCount() -> Int { 0 }

struct Tally {
    var count = makeCount()
}

final class Tracker { func stop() {} }

@MainActor final class Screen {
    var tracker: Tracker? = nil
    deinit { tracker?.stop() }
}
