// source: https://github.com/swiftlang/swift/issues/86944
// flags: -swift-version 6 -enable-upcoming-feature NonisolatedNonsendingByDefault
// expect: witness-crosses-isolation nonsending-witness
// shape: under NonisolatedNonsendingByDefault, a main-actor witness written `@MainActor` (so it may read the store) in a conformance that is not isolated
final class Draft {}
protocol Loader { func load() async -> Draft }
@MainActor final class Store { var draft = Draft() }
#if FIXED
extension Store: @MainActor Loader { @MainActor func load() async -> Draft { draft } }
#else
extension Store: Loader { @MainActor func load() async -> Draft { draft } }
#endif
