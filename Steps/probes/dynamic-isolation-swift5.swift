// probe: -swift-version 5 -enable-upcoming-feature DynamicActorIsolation
// probe uses: OldNotifier
// The Swift 5 mode with one upcoming feature, DynamicActorIsolation: SE-0423's run-time
// checks are back for code written @MainActor (not for code main-actor only through
// default isolation: probe dynamic-isolation-default-swift5). The same `@preconcurrency` witness that runs off main in probe
// xcode-template-mode (the Swift 5 mode without the feature) stops the program here, as in
// the Swift 6 mode (probe preconcurrency-trap).
import Foundation
import OldNotifier

// Written at once, so that the line is out before the trap (`print` buffers when piped).
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

let called = DispatchSemaphore(value: 0)

@MainActor final class Listener: @preconcurrency NotifierDelegate {
    func notifierFired() {
        say("  the @preconcurrency witness ran off main")
        called.signal()
    }
}

@MainActor func listen() {
    say("a @preconcurrency conformance, called by the notifier on its queue:")
    let notifier = Notifier()
    let listener = Listener()
    notifier.delegate = listener
    notifier.fire()
    if called.wait(timeout: .now() + 10) == .timedOut { say("  not called within 10 s") }
}

MainActor.assumeIsolated { listen() }
