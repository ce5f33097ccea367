// probe: -swift-version 6 -warnings-as-errors -default-isolation MainActor -enable-upcoming-feature InferIsolatedConformances -enable-upcoming-feature NonisolatedNonsendingByDefault
// probe uses: OldNotifier
// Stage 6's settings. Two main-actor classes conform to the Swift 5 notifier's delegate
// protocol: one with the isolated conformance the settings infer, one with
// `@preconcurrency`. Both build with any warning an error. The notifier calls each on its
// own queue: the isolated conformance's witness runs there, off main, without a word;
// the `@preconcurrency` one stops the program.
import Foundation
import OldNotifier

// Whether the caller runs on the main queue, which serves the main actor. Unlike
// MainActor.assumeIsolated, it answers "no" without stopping the program.
nonisolated let mainKey = DispatchSpecificKey<Bool>()
nonisolated func onMainActor() -> Bool { DispatchQueue.getSpecific(key: mainKey) ?? false }

// Written at once, so that each line is out before a trap (`print` buffers when piped).
nonisolated func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

nonisolated let called = DispatchSemaphore(value: 0)

final class Isolated: NotifierDelegate {
    var taps = 0
    func notifierFired() {
        taps += 1
        say("  the main-actor witness ran; on the main actor: \(onMainActor())")
        called.signal()
    }
}

final class Checked: @preconcurrency NotifierDelegate {
    var taps = 0
    func notifierFired() {
        taps += 1
        say("  the main-actor witness ran; on the main actor: \(onMainActor())")
        called.signal()
    }
}

DispatchQueue.main.setSpecific(key: mainKey, value: true)
let notifier = Notifier()
let isolated = Isolated()
let checked = Checked()

say("the isolated conformance, called by the notifier on its queue:")
notifier.delegate = isolated
notifier.fire()
called.wait()

say("the @preconcurrency conformance, called by the notifier on its queue:")
notifier.delegate = checked
notifier.fire()
if called.wait(timeout: .now() + 10) == .timedOut { say("  not called within 10 s") }
