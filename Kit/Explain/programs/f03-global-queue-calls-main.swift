// source: https://docs.swift.org/compiler/documentation/diagnostics/actor-isolated-call
// flags: -swift-version 6
// expect: call-isolated-sync gcd-closure
// shape: a main-actor class's method hands a block to a global queue; the block calls back
#if FIXED
import Dispatch
@MainActor final class Spinner {
    var shown = true
    func stop() { shown = false }
    func finish() {
        DispatchQueue.global().async {
            DispatchQueue.main.async { self.stop() }
        }
    }
    func finishWithTask() {
        DispatchQueue.global().async {
            Task { @MainActor in self.stop() }
        }
    }
}
#else
import Dispatch
@MainActor final class Spinner {
    var shown = true
    func stop() { shown = false }
    func finish() {
        DispatchQueue.global().async {
            self.stop()
        }
    }
}
#endif
