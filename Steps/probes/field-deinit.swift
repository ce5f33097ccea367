// probe: -swift-version 6 -default-isolation MainActor
// watch: the compiler infers an isolated deinit under the default since 6.2 (swiftlang/swift#82670); SE-0371 and SE-0466 do not say so
// Under main-actor default isolation, four screens released on a background queue: one
// with `nonisolated deinit`, one with a plain `deinit` written out (nonisolated too), one
// with an isolated deinit (SE-0371), and one with no deinit at all, which the default
// gives an isolated deallocating deinit (6.3.1, `-emit-silgen`:
// `__isolated_deallocating_deinit`). Where each deinit ran (for the last, where its stored
// property was destroyed), and whether it had run when the release returned.
import Foundation
import Synchronization

nonisolated let mainKey = DispatchSpecificKey<Bool>()
nonisolated func onMainQueue() -> Bool { DispatchQueue.getSpecific(key: mainKey) ?? false }

/// What happened, in order, from any thread; `finished` resumes once a deinit has run.
nonisolated final class Events: Sendable {
    private let state = Mutex<(list: [String], waiter: CheckedContinuation<Void, Never>?)>(([], nil))
    func add(_ event: String) { state.withLock { $0.list.append(event) } }
    func finished(_ event: String) {
        state.withLock { $0.list.append(event); $0.waiter?.resume(); $0.waiter = nil }
    }
    func waitForDeinit() async {
        await withCheckedContinuation { continuation in
            state.withLock { state in
                if state.list.contains(where: { $0.hasPrefix("deinit") }) { continuation.resume() }
                else { state.waiter = continuation }
            }
        }
    }
    func take() -> [String] { state.withLock { state in defer { state.list = [] }; return state.list } }
}
nonisolated let events = Events()

final class Screen {
    var shown = 0
    func stopAnimations() { shown = 0 }   // main-actor, like every member here
    nonisolated deinit {
        // stopAnimations() here is a compile error: this deinit is not on the main actor.
        events.finished("deinit ran on main: \(onMainQueue())")
    }
}

final class PlainScreen {
    var shown = 0
    deinit {                             // written out, saying nothing: nonisolated too
        events.finished("deinit ran on main: \(onMainQueue())")
    }
}

final class IsolatedScreen {
    var shown = 0
    func stopAnimations() { shown = 0 }
    isolated deinit {
        stopAnimations()                 // allowed: this deinit runs on the main actor
        events.finished("deinit ran on main: \(onMainQueue())")
    }
}

/// Reports where it is destroyed: with the object that holds it.
nonisolated final class Witness: Sendable {
    deinit { events.finished("deinit ran on main: \(onMainQueue())") }
}

final class QuietScreen {                // no deinit written
    var shown = 0
    let witness = Witness()
}

DispatchQueue.main.setSpecific(key: mainKey, value: true)

/// Hands the last reference to a background task and drops it there.
/// Holds the only reference, so that the task can drop it.
nonisolated final class Holder<T: AnyObject & Sendable>: @unchecked Sendable {
    var object: T?
    init(_ object: T) { self.object = object }
}

/// The main actor stays busy until the release returns, so a deinit that needs the main
/// actor cannot have run by then.
func releaseOffMain<T: AnyObject & Sendable>(_ make: () -> T) async {
    let holder = Holder(make())
    let released = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
        holder.object = nil
        events.add("release returned")
        released.signal()
    }
    released.wait()
    await events.waitForDeinit()
}

await releaseOffMain { Screen() }
print("nonisolated deinit:  \(events.take())")
await releaseOffMain { PlainScreen() }
print("plain deinit:        \(events.take())")
await releaseOffMain { IsolatedScreen() }
print("isolated deinit:     \(events.take())")
await releaseOffMain { QuietScreen() }
print("no deinit written:   \(events.take())")
