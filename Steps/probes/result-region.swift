// probe: -swift-version 6
// To its caller, the non-Sendable result of a nonisolated async function is in the region
// of the call's non-Sendable arguments (SE-0414), judged by the signature, not by the
// body: `fetch(in:)` below makes new rows, yet given a non-Sendable context the caller
// may not send them away while it still uses the context. The two ways out, a context
// that is Sendable and a `sending` result (SE-0430), build: probe
// result-region-disconnected.
final class Row { var name = "espresso" }
final class Context { var rows = [Row()] }          // not Sendable

nonisolated func fetch(in context: Context) async -> [Row] {
    var fresh: [Row] = []                           // new rows, but the signature
    for row in context.rows {                       // does not say so
        let copy = Row()
        copy.name = row.name
        fresh.append(copy)
    }
    return fresh
}

actor Screen { func show(_ rows: [Row]) {} }

func fromNonSendableContext(_ screen: Screen) async {
    let context = Context()
    let rows = await fetch(in: context)
    await screen.show(rows)             // refused: rows share the context's region
    _ = context.rows
}
