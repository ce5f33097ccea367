// probe: -swift-version 6
// `#isolation` (SE-0420) is the isolation the code has by its declaration, not where it
// runs. A closure that is not `@Sendable`, formed in nonisolated code, is nonisolated:
// `#isolation` is nil in it, even while an actor runs it. Asking at run time
// (`preconditionIsolated`, `assertIsolated`) answers where it runs. A
// `nonisolated(nonsending)` function (SE-0461) runs on its caller's actor: there
// `#isolation` is the caller's actor, different at each call. A function with an
// `isolated` parameter (SE-0313) runs on its argument's actor, whoever calls it: there
// `#isolation` is the argument, and a call from another actor hops to it. Only a
// parameter defaulted to `#isolation` (`compiled` below, SE-0420) gets the caller's.
actor Counter {
    var count = 0
    func run(_ body: () -> Void) {
        body()
    }
    func ask() async -> String {
        await asked()
    }
}

func compiled(_ isolation: isolated (any Actor)? = #isolation) -> String {
    isolation == nil ? "nil" : "an actor"
}

nonisolated(nonsending) func asked() async -> String {
    compiled()
}

func onItsArgument(_ actor: isolated Counter) -> String {
    #isolation === actor ? "the counter it was given" : "another actor"
}

@concurrent func askedFromNowhere() async -> String {
    await asked()
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
print("a nonisolated(nonsending) function called by the counter, #isolation: \(await counter.ask())")
print("the same function called from a @concurrent one, #isolation: \(await askedFromNowhere())")
print("an isolated Counter parameter, called from the main actor, #isolation: \(await onItsArgument(counter))")
