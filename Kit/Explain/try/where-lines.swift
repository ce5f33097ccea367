// Scripts/try --where on three kinds of code, for Kit/Tests/TryTests: a main-actor
// function, an actor's method, and a @concurrent function (the global executor).
actor Counter {
    var count = 0
    func bump() {
        count += 1 // where?
    }
}

@MainActor func show(_ value: Int) {
    print("count", value) // where?
}

@concurrent func work() async -> Int {
    return 41 + 1 // where?
}

let counter = Counter()
await counter.bump()
let value = await counter.count
await show(value)
print("work", await work())
