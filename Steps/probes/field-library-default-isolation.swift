// probe: -swift-version 6
// probe uses: MainDefaultKit
// A client of a library built with main-actor default isolation (the module above),
// calling it from a task off the main actor.
import Dispatch
import MainDefaultKit

DispatchQueue.main.setSpecific(key: mainKey, value: true)

/// The library's own guard, as a test would hold it: a synchronous nonisolated function
/// that calls the public API. If the API became main-actor, this would not compile.
nonisolated func guardStaysNonisolated() -> Double {
    GuardedCurve().remaining(after: 5, from: 100).mg
}

let (plain, guarded) = await Task.detached {
    let plain = await CaffeineCurve().remaining(after: 5, from: 100)   // must await: main-actor
    let guarded = GuardedCurve().remaining(after: 5, from: 100)        // a plain call
    return (plain, guarded)
}.value
print("default-isolated type, called off main: awaited, ran on main \(plain.onMain), \(plain.mg) mg")
print("nonisolated type, called off main: no await, ran on main \(guarded.onMain), \(guarded.mg) mg")
print("guard compiled: \(guardStaysNonisolated()) mg")
