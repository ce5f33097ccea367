// probe: -swift-version 6
// probe uses: WeakLetKit
// A `let` of a `Sendable` type in an actor can be read without the actor's isolation only
// inside the actor's module (WeakLetKit's `modelIsGone` does). From another module, the
// same reads in a nonisolated synchronous function are refused; the `await`ed ones in an
// async function build.
import WeakLetKit

nonisolated func isGone(_ controller: Controller) -> Bool {
    controller.model == nil             // refused: another module's actor
}
nonisolated func count(of controller: Controller) -> Int {
    controller.count                    // refused too, though it is a plain `let`
}
nonisolated func isGoneAsync(_ controller: Controller) async -> Bool {
    await controller.model == nil       // builds: with `await`
}
