// source: https://github.com/swiftlang/swift-evolution/blob/main/proposals/0470-isolated-conformances.md
// flags: -swift-version 6
// expect: witness-crosses-isolation plain-mode
// shape: a main-actor store returns its own non-Sendable draft through a nonisolated async requirement
final class Draft {}
protocol Loader { func load() async -> Draft }
#if FIXED
@MainActor final class Store { var draft = Draft() }
extension Store: @MainActor Loader { func load() async -> Draft { draft } }
#else
@MainActor final class Store: Loader { var draft = Draft(); func load() async -> Draft { draft } }
#endif
