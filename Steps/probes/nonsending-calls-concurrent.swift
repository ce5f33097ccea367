// probe: -swift-version 6 -enable-upcoming-feature NonisolatedNonsendingByDefault
// Whether a call into a `@concurrent` function sends its arguments is decided where the
// call is written, not where it runs. A `nonisolated(nonsending)` function runs on its
// caller's actor, whichever that is, so the compiler treats its parameters as
// task-isolated (the caller's, unknown here): passing one to a `@concurrent` function sends it, and is
// refused even when the caller is off every actor at run time. Only code nonisolated by
// declaration (a `@concurrent` function: probe concurrent-lends) passes its own parameter
// without sending it.
final class Batch {
    var drinks: [Int] = []
}

@concurrent func encode(_ batch: Batch) async -> Int { batch.drinks.count }

nonisolated(nonsending) func forward(_ batch: Batch) async -> Int {
    await encode(batch)                 // refused: a nonsending function sends
}

@concurrent func offEveryActor(_ batch: Batch) async -> Int {
    await forward(batch)                // runs off every actor, still refused above
}
