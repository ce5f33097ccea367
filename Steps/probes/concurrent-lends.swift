// probe: -swift-version 6 -enable-upcoming-feature NonisolatedNonsendingByDefault
// A value that is not Sendable, given to a `@concurrent` function. From the main actor the
// call crosses isolation, so the value must be in a disconnected region; a plain parameter
// only lends it (SE-0414), and the caller uses it again once the call returns. From code
// already off every actor (here another `@concurrent` function) the call crosses nothing:
// the caller's own parameter goes along, and nothing is sent. (Probe sending-keeps: a
// `sending` parameter keeps the value.)
final class Batch {
    var drinks: [Int] = []
}

@concurrent func encode(_ batch: Batch) async -> Int { batch.drinks.count }

@MainActor func fromTheMainActor() async {
    let batch = Batch()
    batch.drinks = [1, 2]
    let count = await encode(batch)
    batch.drinks.append(3)                  // lent for the call, the caller's again now
    print("from the main actor: encoded \(count), then the caller appended, now \(batch.drinks.count)")
}

@concurrent func offEveryActor(_ batch: Batch) async {
    let count = await encode(batch)         // the caller's parameter: not disconnected, not sent
    batch.drinks.append(4)
    print("from a @concurrent function, its own parameter: encoded \(count), then appended, now \(batch.drinks.count)")
}

await fromTheMainActor()
let mine = Batch()
mine.drinks = [1, 2, 3]
await offEveryActor(mine)
