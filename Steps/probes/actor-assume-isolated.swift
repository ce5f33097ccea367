// probe: -swift-version 5
// The same run-time check for an actor of your own, in the Swift 5 mode: `assumeIsolated`
// checks its promise in every language mode. Called through the actor it passes; called from
// the main actor, which is not that actor, it stops the program with a message of its own.
import Foundation
setvbuf(stdout, nil, _IOLBF, 0)     // print each line at once, before the trap

actor ImageStore {
    var loads = 0
    nonisolated func recordLoad() {
        assumeIsolated { store in store.loads += 1 }
    }
    func load() { recordLoad() }
}

let store = ImageStore()
print("called from the actor's own method:")
await store.load()
print("  loads: \(await store.loads)")
print("called from the main actor:")
await Task { @MainActor in store.recordLoad() }.value
print("never printed")
