// probe: -swift-version 6
// probe uses: OldNotifier PreconcurrencyKit
// A class from a framework built without concurrency checking, not `Sendable`, captured
// by a closure that goes to another thread, in a Swift 6 client that imports the
// framework plainly: an error, not a warning, whatever the framework's own functions
// declare. Except in code that takes its actor from a `@preconcurrency` declaration (a
// class isolated by its conformance to a marked main-actor protocol): there the same
// capture is a warning. (Probe preconcurrency-import-silences: with
// `@preconcurrency import`.) Does not compile, on purpose.
import Dispatch
import OldNotifier
import PreconcurrencyKit

func handOff(_ notifier: Notifier) {
    DispatchQueue.global().async { notifier.fire() }
}

final class Face: FaceDataSource {
    let notifier = Notifier()
    func faceAppeared() {
        let notifier = self.notifier
        DispatchQueue.global().async { notifier.fire() }
    }
}
