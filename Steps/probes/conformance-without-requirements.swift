// probe: -swift-version 6 -warnings-as-errors -default-isolation MainActor -enable-upcoming-feature InferIsolatedConformances
// Stage 6's settings. A main-actor class conforms to two protocols that say nothing about
// isolation: one with a requirement its main-actor method meets, one with none (as the
// kit's `ObservableObject`). Only the first conformance is isolated (SE-0470): the second
// has no main-actor witness, so it stays nonisolated. A dynamic cast, the one place the
// Swift 6.2 runtime checks an isolated conformance, shows the difference off the main actor
// (an older runtime lets the cast succeed: SE-0470, ABI compatibility).

nonisolated protocol Marker: AnyObject {}
nonisolated protocol Named {
    var name: String { get }
}

final class Model: Marker, Named {
    var name = "the model"
}

@concurrent func castOffMain(_ value: Any) async {
    print("off the main actor: is Marker \(value is any Marker), is Named \(value is any Named)")
}

let model = Model()
print("on the main actor:  is Marker \((model as Any) is any Marker), is Named \((model as Any) is any Named)")
await castOffMain(model)
