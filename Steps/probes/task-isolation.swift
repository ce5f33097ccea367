// probe: -swift-version 5
// Stage 1 and 2 in miniature: a shim calls back on a pool thread, and the handler,
// written in main-actor code, starts a Task.
import Dispatch

// Whether the caller runs on the main queue, which serves the main actor. Unlike
// MainActor.assumeIsolated, it answers "no" without stopping the program.
let mainKey = DispatchSpecificKey<Bool>()
DispatchQueue.main.setSpecific(key: mainKey, value: true)
func onMainActor() -> Bool { DispatchQueue.getSpecific(key: mainKey) ?? false }

final class Shim {
    func requestAuthorization(completionHandler: @escaping (Bool) -> Void) {
        Task { completionHandler(true) }    // no actor here: the handler runs on the pool
    }
}

@MainActor func launch() async {
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        Shim().requestAuthorization { success in
            print("the handler runs on the main actor: \(onMainActor())")
            Task {
                print("the Task it creates runs on the main actor: \(onMainActor())")
                done.resume()
            }
        }
    }
}

await launch()
