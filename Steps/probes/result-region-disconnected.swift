// probe: -swift-version 6
// The other half of probe result-region: two fetches whose rows the caller may send to
// another actor while it goes on using the context. One takes a context that is
// `@unchecked Sendable`, as the simulated Core Data's is, so no argument has a region for
// the result to join (SE-0414). The other takes the same non-Sendable context as
// result-region's `fetch(in:)`, with the same body, but marks its result `sending`
// (SE-0430): the caller then holds the rows in a region of their own, whatever the
// arguments were. The body has to keep that promise: it returns new rows, not the
// context's own.
final class Row { var name = "espresso" }
final class Context { var rows = [Row()] }          // not Sendable
final class SendableContext: @unchecked Sendable {  // as the simulated Core Data's
    let name = "espresso"
}

nonisolated func fetch(in context: SendableContext) async -> [Row] {
    let row = Row()
    row.name = context.name
    return [row]
}
nonisolated func fetchFresh(in context: Context) async -> sending [Row] {
    var fresh: [Row] = []
    for row in context.rows {
        let copy = Row()
        copy.name = row.name
        fresh.append(copy)
    }
    return fresh
}

actor Screen {
    private var shown: [String] = []
    func show(_ rows: [Row]) { shown += rows.map(\.name) }
    func names() -> [String] { shown }
}

func fromSendableContext(_ screen: Screen) async {
    let context = SendableContext()
    let rows = await fetch(in: context)
    await screen.show(rows)             // accepted: no argument has a region to share
    print("Sendable context, plain result: sent \(await screen.names()); context still used: \(context.name)")
}
func fromNonSendableContext(_ screen: Screen) async {
    let context = Context()
    let rows = await fetchFresh(in: context)
    await screen.show(rows)             // accepted: a sending result is disconnected
    context.rows[0].name = "latte"      // the context is still the caller's
    print("non-Sendable context, sending result: sent \(await screen.names()); context still used: \(context.rows.map(\.name))")
}

await fromSendableContext(Screen())
await fromNonSendableContext(Screen())
