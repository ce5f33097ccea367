// probe: -swift-version 6
// `#isolation` (SE-0420) is the isolation the compiler gave the code where it is written,
// not where the code runs. A closure that is not `@Sendable`, formed in nonisolated code,
// is nonisolated: `#isolation` is nil in it, even while an actor runs it. Asking at run
// time (`preconditionIsolated`, `assertIsolated`) answers where it runs.
actor Counter {
    var count = 0
    func run(_ body: () -> Void) {
        body()
    }
}

func compiled(_ isolation: isolated (any Actor)? = #isolation) -> String {
    isolation == nil ? "nil" : "an actor"
}

nonisolated func fromNowhere(_ counter: Counter) async {
    await counter.run {
        print("inside the closure, #isolation: \(compiled())")
        counter.preconditionIsolated("not on the counter")
        print("preconditionIsolated on the counter: passed (the closure runs on it)")
    }
}

let counter = Counter()
await fromNowhere(counter)
