// probe: -swift-version 5
// The Swift 5 mode, because the next line touches C's global `stdout`, which the Swift 6
// mode rightly rejects as shared mutable state.
import Foundation
setvbuf(stdout, nil, _IOLBF, 0)     // print each line at once, before the trap

@MainActor func showHealthOn() {
    print("  the main-actor function ran")
}

// A delegate method that a framework calls "on the main thread", as its documentation
// promises: assumeIsolated checks the promise at run time and stops the program if it
// is broken.
func delegateCallback() {
    MainActor.assumeIsolated {
        showHealthOn()
    }
}

print("called on the main actor:")
delegateCallback()
print("called from a task on the cooperative pool:")
await Task.detached {
    delegateCallback()
    print("never printed")
}.value
