// probe: -swift-version 6 -default-isolation MainActor
// The Swift 6 mode under main-actor default isolation: a deinit written out is
// nonisolated, so one that touches the class's main-actor state does not compile,
// whether it says `nonisolated` or not. The same classes in the Swift 5 mode:
// probes deinit-main-state-swift5 and deinit-main-state-swift5-nonisolated.
final class Animator {                  // main-actor by default
    var running = true
    func stop() { running = false }
}
final class PlainDeinitScreen {
    let animator = Animator()
    deinit {
        animator.stop()                 // refused: stop() is main-actor isolated
    }
}
final class NonisolatedDeinitScreen {
    let animator = Animator()
    nonisolated deinit {
        animator.stop()                 // refused too
    }
}
