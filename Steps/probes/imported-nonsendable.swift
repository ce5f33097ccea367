// probe: -swift-version 6
// probe uses: OldNotifier
// A class from a framework built without concurrency checking, not `Sendable`, captured
// by a closure that goes to another thread, in a Swift 6 client that imports the
// framework plainly: an error, not a warning, whatever the framework's own functions
// declare. (Probe preconcurrency-import-silences: the same with `@preconcurrency import`.)
// Does not compile, on purpose.
import Dispatch
import OldNotifier

func handOff(_ notifier: Notifier) {
    DispatchQueue.global().async { notifier.fire() }
}
