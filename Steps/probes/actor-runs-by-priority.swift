// probe: -swift-version 6
// An actor runs one job at a time, but not in the order the calls were made: while it is
// busy, the calls waiting for it run by priority (SE-0306).
import Dispatch

actor Store {
    private var written: [String] = []

    /// Keeps the actor busy until `release` is signalled: the calls below queue up.
    func hold(until release: DispatchSemaphore, started: DispatchSemaphore) {
        started.signal()
        release.wait()
    }

    func save(_ label: String) {
        written.append(label)
    }

    func log() -> [String] { written }
}

let store = Store()
let started = DispatchSemaphore(value: 0)
let release = DispatchSemaphore(value: 0)

let holder = Task.detached { await store.hold(until: release, started: started) }
await withCheckedContinuation { done in
    DispatchQueue.global().async { started.wait(); done.resume() }
}
print("the actor is busy; a low-priority save is asked for first, then a high-priority one")
let first = Task.detached(priority: .low) { await store.save("asked first (low priority)") }
try await Task.sleep(for: .milliseconds(300))
let second = Task.detached(priority: .high) { await store.save("asked second (high priority)") }
try await Task.sleep(for: .milliseconds(300))
release.signal()
await holder.value
await first.value
await second.value
for (number, label) in await store.log().enumerated() {
    print("written \(number + 1): \(label)")
}
