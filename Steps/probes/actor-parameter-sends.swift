// probe: -swift-version 6
// A value that is not Sendable, passed as a plain parameter to an actor's method and to a
// main-actor function: the call sends it for good, as if the parameter were `sending`
// (SE-0414, SE-0430), so using it after the call is an error. (Probe concurrent-lends: to
// a nonisolated async function the same call only lends it.) Does not compile, on purpose.
final class Batch {
    var drinks: [Int] = []
}

actor Archive {
    func keep(_ batch: Batch) { _ = batch.drinks.count }
}

@MainActor func show(_ batch: Batch) { _ = batch.drinks.count }

func fromNowhere(_ archive: Archive) async {
    let toArchive = Batch()
    await archive.keep(toArchive)
    toArchive.drinks.append(1)
    let toMain = Batch()
    await show(toMain)
    toMain.drinks.append(1)
}
