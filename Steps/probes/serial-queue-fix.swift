// probe: -swift-version 5
// The fix for a race before Swift concurrency: every access to the state goes through
// one serial queue, which runs one block at a time. Stage 0's code is of this kind. (The
// Swift 5 mode, as stage 0 builds: the Swift 6 mode refuses the unprotected globals, which
// the queue protects in a way the compiler cannot see.)
import Dispatch

let queue = DispatchQueue(label: "drinks")
var drinks: [Int] = []
var inside = 0
var most = 0

// Eight threads at once, each adding 100 drinks, every access through the queue.
DispatchQueue.concurrentPerform(iterations: 8) { thread in
    for _ in 0..<100 {
        queue.sync {
            inside += 1
            most = max(most, inside)
            drinks.append(thread)
            inside -= 1
        }
    }
}
queue.sync {
    print("8 threads, 100 appends each, through one serial queue: \(drinks.count) drinks")
    print("blocks running at once on the queue, at most: \(most)")
}
