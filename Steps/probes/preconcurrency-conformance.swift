// probe: -swift-version 6 -warnings-as-errors
// probe uses: OldNotifier
// A main-actor class conforms to the notifier's delegate protocol with `@preconcurrency`.
// It builds in the Swift 6 mode, with any warning an error; the witness checks each call.
import Foundation
import OldNotifier

// Written at once, so that each line is out before a trap (`print` buffers when piped).
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

var taps = 0
let called = DispatchSemaphore(value: 0)

@MainActor final class Listener: @preconcurrency NotifierDelegate {
    func notifierFired() {
        taps += 1
        say("  the delegate method ran; taps is \(taps)")
        called.signal()
    }
}

let listener = Listener()
let notifier = Notifier()
notifier.delegate = listener

say("called through the protocol, on the main actor:")
let delegate: any NotifierDelegate = listener
delegate.notifierFired()
called.wait()

say("called by the notifier, on its queue:")
notifier.fire()
if called.wait(timeout: .now() + 10) == .timedOut { say("  not called within 10 s") }
