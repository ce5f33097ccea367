// source: https://github.com/swiftlang/swift/issues/86944
// flags: -swift-version 6 -enable-upcoming-feature NonisolatedNonsendingByDefault
// expect: isolated-outside-actor nonsending-witness
// shape: a main-actor store's witness, in an isolated conformance, to a nonisolated async requirement calls the store's own method
final class Draft {}
protocol Loader { func load() async -> Draft }
@MainActor final class Store { var draft = Draft(); func current() -> Draft { draft } }
#if FIXED
extension Store: @MainActor Loader { @MainActor func load() async -> Draft { current() } }
#else
extension Store: @MainActor Loader { func load() async -> Draft { current() } }
#endif
