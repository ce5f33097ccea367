// probe: -swift-version 5 -default-isolation MainActor -warnings-as-errors
// The same class with `nonisolated deinit` in the Swift 5 mode: the compiler warns (each
// warning is made an error here, so that the probe can show it); without
// -warnings-as-errors it builds, and the deinit runs off the main thread as the plain one
// of deinit-main-state-swift5 does.
final class Animator {                  // main-actor by default
    var running = true
    func stop() { running = false }
}
final class NonisolatedDeinitScreen {
    let animator = Animator()
    nonisolated deinit {
        animator.stop()                 // a warning in the Swift 5 mode
    }
}
