// probe: -swift-version 6
// Thread explosion: GCD adds a thread whenever its workers block; the cooperative pool
// that runs tasks never runs more threads than the machine has cores. The probe counts
// the work items blocked at the same moment, each on a thread of its own, and prints
// whether that went past the core count (true for GCD on any machine with < 16 cores).
import Foundation
import Synchronization

let cores = ProcessInfo.processInfo.activeProcessorCount
final class Gauge: Sendable {
    private let state = Mutex((now: 0, most: 0))
    func enter() -> Int { state.withLock { $0.now += 1; $0.most = max($0.most, $0.now); return $0.now } }
    func leave() { state.withLock { $0.now -= 1 } }
    var most: Int { state.withLock { $0.most } }
}

// GCD: 16 blocks, each blocked until all 16 are blocked.
let gcd = Gauge()
let allIn = DispatchSemaphore(value: 0)
let group = DispatchGroup()
for _ in 0..<16 {
    DispatchQueue.global().async(group: group) {
        if gcd.enter() == 16 { for _ in 0..<16 { allIn.signal() } }
        allIn.wait()
        gcd.leave()
    }
}
group.wait()
print("GCD, 16 blocking blocks: more threads than cores: \(gcd.most > cores)")

// Tasks: 16 children that block their thread (the mistake to avoid in async code).
let pool = Gauge()
await withTaskGroup(of: Void.self) { tasks in
    for _ in 0..<16 {
        tasks.addTask {
            _ = pool.enter()
            usleep(20_000)                               // a blocking call, not an await
            pool.leave()
        }
    }
}
print("tasks, 16 blocking children: more threads than cores: \(pool.most > cores)")
