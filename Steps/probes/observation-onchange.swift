// probe: -swift-version 6
// Observation's own change callback: where withObservationTracking's onChange runs when
// an @Observable property is set on a background queue, and what it can read then.
import Dispatch
import Observation

let mainKey = DispatchSpecificKey<Bool>()
DispatchQueue.main.setSpecific(key: mainKey, value: true)
let backgroundKey = DispatchSpecificKey<Bool>()
let background = DispatchQueue(label: "background")
background.setSpecific(key: backgroundKey, value: true)

// `@unchecked Sendable` only so the probe may touch it from two queues, as an app's
// model reached from a callback would be.
@Observable final class Model: @unchecked Sendable {
    var caffeine = 0
}

let model = Model()
withObservationTracking {
    _ = model.caffeine
} onChange: {
    print("onChange runs on the main queue:            \(DispatchQueue.getSpecific(key: mainKey) ?? false)")
    print("onChange runs on the queue that set it:     \(DispatchQueue.getSpecific(key: backgroundKey) ?? false)")
    print("onChange reads caffeine:                    \(model.caffeine) (the old value)")
}

await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
    background.async {
        model.caffeine = 95
        print("after the set, on the background queue:    \(model.caffeine)")
        done.resume()
    }
}
