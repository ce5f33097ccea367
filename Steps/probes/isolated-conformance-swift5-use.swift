// probe: -swift-version 5
// The Swift 5 mode, minimal checking, still checks where an isolated conformance (SE-0470)
// is used: off its actor, erasing the value to the protocol is a warning and meeting a
// `Sendable` generic requirement is an error. Both uses are in this file; what no compiler
// sees is a Swift 5 framework carrying the value to its own queue (probe
// isolated-conformance-unchecked-caller). This probe does not compile, on purpose.
protocol Greeter {
    func greet() -> String
}

@MainActor final class Model: @MainActor Greeter {
    func greet() -> String { "hello" }
}

func greetLater<G: Greeter & Sendable>(_ greeter: G) {}

nonisolated func offTheMainActor(_ model: Model) {
    let erased: any Greeter = model
    _ = erased
    greetLater(model)
}
