// probe: -swift-version 6
// A task group with a width limit: start `limit` children, then one more each time one
// finishes. This replaces an OperationQueue's maxConcurrentOperationCount.
import Synchronization

let inFlight = Mutex((now: 0, most: 0))
func importDay(_ day: Int) async -> Int {
    inFlight.withLock { $0.now += 1; $0.most = max($0.most, $0.now) }
    await Task.yield()                                  // real work would await here
    inFlight.withLock { $0.now -= 1 }
    return day
}

func importAll(_ days: [Int], limit: Int) async -> [Int] {
    await withTaskGroup(of: Int.self) { group in
        var next = days.makeIterator()
        for _ in 0..<limit {
            guard let day = next.next() else { break }
            group.addTask { await importDay(day) }
        }
        var done: [Int] = []
        while let finished = await group.next() {      // one finished: start one more
            done.append(finished)
            if let day = next.next() { group.addTask { await importDay(day) } }
        }
        return done
    }
}
let imported = await importAll(Array(1...30), limit: 3)
print("bounded: \(imported.count) days imported, never more than 3 at once: \(inFlight.withLock { $0.most } <= 3)")

// The unbounded group: one child per item, all in flight at once. Each child waits
// at a gate that opens when 30 are waiting, so the group ends only if all 30 were.
actor Gate {
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private(set) var most = 0
    func arrive(opensAt count: Int) async {
        if waiting.count + 1 == count {
            most = count
            waiting.forEach { $0.resume() }
        } else {
            await withCheckedContinuation { waiting.append($0) }
        }
    }
}
let gate = Gate()
await withTaskGroup(of: Void.self) { group in
    for _ in 1...30 { group.addTask { await gate.arrive(opensAt: 30) } }
}
print("unbounded: children in flight at once: \(await gate.most)")
