// probe: -swift-version 6 -warnings-as-errors
// probe uses: OldNotifier
// The two fixes for a framework that calls back on a queue of its own: code that may run
// anywhere, touching nothing of the main actor's but a hop to it.
import OldNotifier

var taps = 0
var waiting: CheckedContinuation<Void, Never>?

@MainActor func tapped(_ how: String) {
    MainActor.preconditionIsolated("\(how) is on the main actor")  // stops the program if not
    taps += 1
    print("\(how) hopped to the main actor; taps is \(taps)")
    waiting?.resume()
    waiting = nil
}

// The block: `@Sendable`, so it is not main-actor code, and the compiler checks that it
// uses nothing of the main actor's but the hop.
let notifier = Notifier()
await withCheckedContinuation { continuation in
    waiting = continuation
    notifier.notify { @Sendable in
        Task { @MainActor in tapped("the block") }
    }
}

// The delegate: a `nonisolated` method, in a plain conformance, that hops.
@MainActor final class Listener: NotifierDelegate {
    nonisolated func notifierFired() {
        Task { @MainActor in tapped("the delegate method") }
    }
}
let listener = Listener()
notifier.delegate = listener
await withCheckedContinuation { continuation in
    waiting = continuation
    notifier.fire()
}
