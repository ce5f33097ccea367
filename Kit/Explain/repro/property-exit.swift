// explain: -swift-version 6
// A non-Sendable stored property read from outside its actor, through `await`: the value
// would leave the actor while the actor can still reach it (row nonsendable-property-exit).
final class LegacyClient { var token = "" }
@MainActor final class Screen { var client = LegacyClient(); nonisolated init() {} }
func readScreen(_ s: Screen) async { _ = await s.client.token }
actor Session { var client = LegacyClient() }
func readSession(_ s: Session) async { _ = await s.client.token }
