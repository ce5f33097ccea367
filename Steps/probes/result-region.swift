// probe: -swift-version 6
// The result of a nonisolated async function is in a disconnected region only when every
// argument is Sendable (as `perform`'s are in probe field-core-data: a context that is
// `@unchecked Sendable` and a `@Sendable` block). Given a non-Sendable context, the result
// joins the context's region (SE-0414; SE-0430: "function argument and result values are
// merged together into the same region"), so it cannot be sent away while the context is
// still used.
final class Row { var name = "espresso" }
final class Context { var rows = [Row()] }          // not Sendable
final class SendableContext: @unchecked Sendable {}  // as the simulated Core Data's

nonisolated func fetch(in context: Context) async -> [Row] { context.rows }
nonisolated func fetch(in context: SendableContext) async -> [Row] { [Row()] }

actor Screen { func show(_ rows: [Row]) {} }

func fromSendableContext(_ screen: Screen) async {
    let context = SendableContext()
    let rows = await fetch(in: context)
    await screen.show(rows)             // accepted: rows are disconnected
    _ = context
}
func fromNonSendableContext(_ screen: Screen) async {
    let context = Context()
    let rows = await fetch(in: context)
    await screen.show(rows)             // refused: rows share the context's region
    _ = context.rows
}
