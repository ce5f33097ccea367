// probe: -swift-version 6
// A value that is not Sendable, passed as a plain parameter to an actor's method and to a
// main-actor function: the call sends it for good, as if the parameter were `sending`
// (SE-0414, SE-0430), so using it after the call is an error. (Probe concurrent-lends: to
// a nonisolated async function the same call only lends it.) A parameter of the caller's
// belongs to the caller's task, so sending it is an error even with nothing after it, and
// so is a `Task { }` closure in nonisolated code that captures it: the closure diagnostic
// asks only whether the caller's task can still reach the value, not whether it goes on to
// use it (probe task-capture-allowed: a `sending` parameter, or a `Task` that inherits the
// caller's actor, may capture it). Does not compile, on purpose.
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

func passOn(_ given: Batch, to archive: Archive) async {
    await archive.keep(given)          // nothing after this uses `given`
}

func startCounting(_ given: Batch) {
    Task { _ = given.drinks.count }    // nor after this
}
