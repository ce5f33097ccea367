// probe: -swift-version 6
// A callback that already runs on main (an observer registered with queue: .main), and
// main-actor state touched in it four ways: assumeIsolated, a typed MainActorMessage, a Task
// hop, and nonisolated(unsafe). Each part waits for the handler: events fix the order.
import Foundation
import Synchronization

let mainKey = DispatchSpecificKey<Bool>()
DispatchQueue.main.setSpecific(key: mainKey, value: true)
func onMainQueue() -> Bool { DispatchQueue.getSpecific(key: mainKey) ?? false }

@MainActor final class DrinkBadge {
    var count = 0
    var log: [String] = []
    nonisolated(unsafe) var unsafeCount = 0       // the wrong fix: no checks at all
}

let center = NotificationCenter.default
let badge = DrinkBadge()

// The fix: the handler is on main, and says so; the runtime checks it.
let checked = Notification.Name("drinkAdded.checked")
let checkedToken = center.addObserver(forName: checked, object: nil, queue: .main) { _ in
    MainActor.assumeIsolated {
        badge.count += 1
        badge.log.append("handler")
    }
}
badge.log = ["post"]
center.post(name: checked, object: nil)
badge.log.append("after post: count \(badge.count)")
print("assumeIsolated, posted on main: \(badge.log)")

// The typed alternative (Foundation's MainActorMessage, the 26 SDKs and Swift 6.3's
// Foundation here): the handler is a main-actor closure, so the compiler knows.
final class Tray: Sendable {}
struct DrinkAdded: NotificationCenter.MainActorMessage {
    typealias Subject = Tray
    let mg: Double
}
let tray = Tray()
let typedToken = center.addObserver(of: tray, for: DrinkAdded.self) { message in
    badge.count += 1                              // no assumeIsolated: it is main-actor
    badge.log.append("handler \(message.mg) mg")
}
badge.count = 0
badge.log = ["post"]
center.post(DrinkAdded(mg: 95), subject: tray)
badge.log.append("after post: count \(badge.count)")
print("MainActorMessage, posted on main: \(badge.log)")
_ = typedToken

// The wrong fix: a hop the handler did not need. The work runs later, after the code
// that posted has already read the old count.
let hopped = Notification.Name("drinkAdded.hopped")
var handled: CheckedContinuation<Void, Never>?
let hoppedToken = center.addObserver(forName: hopped, object: nil, queue: .main) { _ in
    Task { @MainActor in
        badge.count += 1
        badge.log.append("handler")
        handled?.resume()
    }
}
badge.count = 0
badge.log = ["post"]
await withCheckedContinuation { continuation in
    handled = continuation
    center.post(name: hopped, object: nil)
    badge.log.append("after post: count \(badge.count)")
}
print("Task { @MainActor in }, posted on main: \(badge.log)")

// The other wrong fix: nonisolated(unsafe) compiles anywhere. Registered without a queue
// and posted from a background queue, the handler runs there, and nothing says so.
let unchecked = Notification.Name("drinkAdded.unchecked")
let ranOnMain = Mutex<[Bool]>([])
let uncheckedToken = center.addObserver(forName: unchecked, object: nil, queue: nil) { _ in
    badge.unsafeCount += 1
    ranOnMain.withLock { $0.append(onMainQueue()) }
}
await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
    DispatchQueue.global().async {
        center.post(name: unchecked, object: nil)
        done.resume()
    }
}
print("nonisolated(unsafe), posted off main: handler ran on the main queue: \(ranOnMain.withLock { $0 }), no diagnostic, no trap")

for token in [checkedToken, hoppedToken, uncheckedToken] { center.removeObserver(token) }
