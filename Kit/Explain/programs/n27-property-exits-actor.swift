// source: https://github.com/swiftlang/swift-evolution/blob/main/proposals/0414-region-based-isolation.md
// flags: -swift-version 6
// expect: nonsendable-property-exit
// shape: a nonisolated async function reads a non-Sendable stored property of a main-actor object and of an actor through `await`
final class LegacyClient { var token = "" }
#if FIXED
@MainActor final class Screen { var client = LegacyClient(); nonisolated init() {} }
@MainActor func readScreen(_ s: Screen) { _ = s.client.token }
actor Session {
    var client = LegacyClient()
    func clientToken() -> String { client.token }
}
func readSession(_ s: Session) async { _ = await s.clientToken() }
#else
@MainActor final class Screen { var client = LegacyClient(); nonisolated init() {} }
func readScreen(_ s: Screen) async { _ = await s.client.token }
actor Session { var client = LegacyClient() }
func readSession(_ s: Session) async { _ = await s.client.token }
#endif
