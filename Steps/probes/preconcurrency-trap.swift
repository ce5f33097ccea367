// probe: -swift-version 6 -warnings-as-errors
// probe uses: OldNotifier
// The Swift 6 mode, with any warning an error: it builds. The notifier is a module built in
// the Swift 5 mode (Steps/probes/modules/OldNotifier.swift) that calls back on a queue of
// its own.
import Foundation
import OldNotifier

// Written at once, so that each line is out before a trap (`print` buffers when piped).
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

// Top-level code is main-actor code: `taps` is main-actor state, and so is every
// closure written here that is not `@Sendable`.
var taps = 0
let notifier = Notifier()
let called = DispatchSemaphore(value: 0)

say("a closure assigned to the block property:")
notifier.handler = {
    taps += 1
    say("  it ran on the main thread: \(Thread.isMainThread); taps is \(taps)")
    called.signal()
}
notifier.fire()
called.wait()

say("a closure passed to the block parameter:")
notifier.notify {
    taps += 1
    say("  never printed")
    called.signal()
}
called.wait()
