// probe: -swift-version 5 -default-isolation MainActor -warnings-as-errors
// The class of deinit-main-state-swift6, a plain `deinit` that calls a main-actor method,
// in the Swift 5 mode (a new Xcode 26 app target's reported setting) with its minimal
// concurrency checking. Every warning is an error here, so that the probe building at all
// shows the compiler said nothing. The object is released on a thread of its own: the
// deinit calls the main-actor method there, off the main thread, and nothing stops it.
import Foundation

final class Animator {                  // main-actor by default
    var running = true
    func stop() {
        print("  stop() ran; on the main thread: \(Thread.isMainThread)")
        running = false
    }
}
final class PlainDeinitScreen {
    let animator = Animator()
    deinit {
        animator.stop()                 // main-actor method, from a nonisolated deinit
    }
}

/// Holds the last reference, so that another thread can drop it.
nonisolated final class Holder: @unchecked Sendable {
    var screen: PlainDeinitScreen?
}

let holder = Holder()
holder.screen = PlainDeinitScreen()
let done = DispatchSemaphore(value: 0)
print("a plain deinit, released on a background thread:")
Thread {
    holder.screen = nil
    done.signal()
}.start()
done.wait()
print("the program went on")
