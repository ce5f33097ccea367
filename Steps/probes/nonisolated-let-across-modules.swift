// probe: -swift-version 6
// probe uses: WeakLetKit
// The lets that probe let-across-modules may not read from another module, declared
// `nonisolated public` in WeakLetKit's OpenController: a nonisolated synchronous function
// here reads them, with no `await`. The declaration makes the read part of the module's API.
import WeakLetKit

nonisolated func isGone(_ controller: OpenController) -> Bool {
    controller.model == nil             // builds: a nonisolated weak let
}
nonisolated func count(of controller: OpenController) -> Int {
    controller.count                    // builds: a nonisolated let
}

let model = Model()
let controller = OpenController(model: model, count: 3)
print("read from another module without await: model gone \(isGone(controller)), count \(count(of: controller))")
