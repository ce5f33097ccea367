// probe: -swift-version 5
// The classes of deinit-main-state-swift5, written `@MainActor` instead of main-actor by
// default isolation, in the Swift 5 mode with its minimal checking and no default
// isolation. Here the compiler refuses the call from a plain `deinit` and from a
// `nonisolated deinit` alike: the silence of deinit-main-state-swift5 is for classes
// that are main-actor by the default.
@MainActor final class Animator {
    var running = true
    func stop() { running = false }
}
@MainActor final class PlainDeinitScreen {
    let animator = Animator()
    deinit {
        animator.stop()                 // refused, even in the Swift 5 mode
    }
}
@MainActor final class NonisolatedDeinitScreen {
    let animator = Animator()
    nonisolated deinit {
        animator.stop()                 // refused too
    }
}
