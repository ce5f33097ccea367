// probe: -swift-version 6
// The other side of probe actor-parameter-sends: a `Task { }` closure may capture a
// parameter when the caller's task keeps no hold on it. A `sending` parameter is the
// caller's to give away. In a main-actor function, or an actor's method whose `Task`
// uses `self` (SE-0420), the `Task` inherits the actor, so the closure runs where the
// value already lives. All three compile in the Swift 6 mode and run (Swift 6.3.1).
final class Batch {
    var drinks: [Int] = [95, 120]
}

func countSent(_ given: sending Batch) -> Task<Int, Never> {
    Task { given.drinks.count }
}

@MainActor func countOnMain(_ given: Batch) -> Task<Int, Never> {
    Task { given.drinks.count }
}

actor Store {
    var counted = 0
    func count(_ given: Batch) -> Task<Int, Never> {
        Task { counted += 1; return given.drinks.count }
    }
}

print("a sending parameter, captured by a Task: \(await countSent(Batch()).value) drinks")
print("a main-actor function's parameter: \(await countOnMain(Batch()).value) drinks")
let store = Store()
print("an actor method's parameter, with self: \(await store.count(Batch()).value) drinks")
