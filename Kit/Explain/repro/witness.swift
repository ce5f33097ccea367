// explain: -swift-version 6 -parse-as-library
// A main-actor type whose methods witness nonisolated async requirements: every call through
// the protocol crosses into the main actor, with its non-Sendable result or parameter.
final class Draft {}
protocol Loader { func load() async -> Draft }
protocol Saver { func save(_ draft: Draft) async }
@MainActor final class Store: Loader, Saver {
    func load() async -> Draft { Draft() }
    func save(_ draft: Draft) async {}
}
