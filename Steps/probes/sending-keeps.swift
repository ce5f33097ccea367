// probe: -swift-version 6
// A `sending` parameter (SE-0430) takes the value for good: the caller may not touch it
// after the call. The same call with a plain parameter compiles (probe concurrent-lends).
// This probe does not compile, on purpose: the error is what it shows.
final class Batch {
    var drinks: [Int] = []
}

@concurrent func keep(_ batch: sending Batch) async {}

@MainActor func fromTheMainActor() async {
    let batch = Batch()
    await keep(batch)
    batch.drinks.append(3)
}
