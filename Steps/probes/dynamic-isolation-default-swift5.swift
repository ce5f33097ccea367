// probe: -swift-version 5 -default-isolation MainActor -enable-upcoming-feature DynamicActorIsolation
// probe uses: OldNotifier
// watch: that the Swift 5 mode checks only a written @MainActor, not default isolation, is measured, not promised
// The template's settings (probe xcode-template-mode) plus the upcoming feature
// DynamicActorIsolation. Measured with Swift 6.3.1: the feature checks a witness whose
// type is written `@MainActor`, but not one whose type is main-actor only through the
// default isolation; the Swift 6 mode checks both.
import Foundation
import OldNotifier

nonisolated let mainKey = DispatchSpecificKey<Bool>()
nonisolated func onMainActor() -> Bool { DispatchQueue.getSpecific(key: mainKey) ?? false }

// Written at once, so that each line is out before the trap (`print` buffers when piped).
nonisolated func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

nonisolated let called = DispatchSemaphore(value: 0)

// Main-actor through the default isolation only.
final class DefaultListener: @preconcurrency NotifierDelegate {
    func notifierFired() {
        say("  the witness ran; on the main actor: \(onMainActor())")
        called.signal()
    }
}

// The same, with the attribute written.
@MainActor final class WrittenListener: @preconcurrency NotifierDelegate {
    func notifierFired() {
        say("  the witness ran; on the main actor: \(onMainActor())")
        called.signal()
    }
}

func fire(_ delegate: NotifierDelegate) {
    let notifier = Notifier()
    notifier.delegate = delegate
    notifier.fire()
    if called.wait(timeout: .now() + 10) == .timedOut { say("  not called within 10 s") }
}

DispatchQueue.main.setSpecific(key: mainKey, value: true)
MainActor.assumeIsolated {
    say("a type main-actor by the default, called by the notifier on its queue:")
    fire(DefaultListener())
    say("a type written @MainActor, called by the notifier on its queue:")
    fire(WrittenListener())
}
