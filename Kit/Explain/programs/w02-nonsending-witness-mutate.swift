// source: https://github.com/swiftlang/swift/issues/86944
// flags: -swift-version 6 -enable-upcoming-feature NonisolatedNonsendingByDefault
// expect: isolated-ref-nonisolated nonsending-witness
// shape: a main-actor store's witness, in an isolated conformance, to a nonisolated async requirement counts its own loads
protocol Loader { func load() async -> Int }
@MainActor final class Store { var loads = 0 }
#if FIXED
extension Store: @MainActor Loader { @MainActor func load() async -> Int { loads += 1; return loads } }
#else
extension Store: @MainActor Loader { func load() async -> Int { loads += 1; return loads } }
#endif
