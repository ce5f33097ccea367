// probe: -swift-version 5 -default-isolation MainActor -enable-upcoming-feature NonisolatedNonsendingByDefault -enable-upcoming-feature InferIsolatedConformances
// probe uses: OldNotifier
// watch: SE-0423's text checks an explicitly @preconcurrency witness in the Swift 5 mode too; 6.3.1 does not
// The settings of a new Xcode 26 app target as reported (main actor by default,
// approachable concurrency) but in the Swift 5 language mode, as that template sets it.
// The Swift 5 notifier calls back on its own queue: a main-actor closure, and the
// witness of a `@preconcurrency` conformance. Stage 6's Swift 6 mode stops the program at
// the first (probe preconcurrency-trap); the Swift 5 mode lets both run off main, and the
// upcoming feature DynamicActorIsolation does not change that for types main-actor only
// through the default (probe dynamic-isolation-default-swift5; written @MainActor is
// checked: probe dynamic-isolation-swift5).
import Foundation
import OldNotifier

nonisolated let mainKey = DispatchSpecificKey<Bool>()
nonisolated func onMainActor() -> Bool { DispatchQueue.getSpecific(key: mainKey) ?? false }

// Written at once, so that each line is out before a trap (`print` buffers when piped).
nonisolated func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

nonisolated let called = DispatchSemaphore(value: 0)

final class Listener: @preconcurrency NotifierDelegate {
    func notifierFired() {
        say("  the @preconcurrency witness ran; on the main actor: \(onMainActor())")
        called.signal()
    }
}

// Top-level code with no `await` is nonisolated in the Swift 5 mode with minimal checking,
// default isolation or not (the first line shows it; SE-0343: one `await`, probe
// top-level-await-swift5, or complete checking, probe top-level-complete-swift5, makes it
// the main actor's), so the closure is formed in a function that the default makes
// main-actor.
func listenWithClosure(to notifier: Notifier) {
    notifier.notify {
        say("  the closure ran; on the main actor: \(onMainActor())")
        called.signal()
    }
}

DispatchQueue.main.setSpecific(key: mainKey, value: true)
say("top-level code here, with no await: isolation \(String(describing: #isolation))")
let notifier = Notifier()
say("a main-actor closure, called by the notifier on its queue:")
MainActor.assumeIsolated { listenWithClosure(to: notifier) }
called.wait()

say("a @preconcurrency conformance, called by the notifier on its queue:")
let listener = Listener()
notifier.delegate = listener
notifier.fire()
if called.wait(timeout: .now() + 10) == .timedOut { say("  not called within 10 s") }
