// probe: -swift-version 5 -sanitize=thread
// What the Thread Sanitizer checkbox in an Xcode scheme (or swift build/test
// --sanitize=thread) adds: a report when two threads touch the same memory unordered.
// The Swift 5 mode lets the race compile, as an unmigrated app does.
// A relaxed atomic orders the two accesses in time without synchronising them, so
// ThreadSanitizer reports on every run (measured: Steps/TSAN.md).
import Foundation
import Synchronization

final class Order { var shots = 1 }
let order = Order()
let written = Atomic<Bool>(false)

let writer = Thread {
    order.shots = 2                                   // written on one thread...
    written.store(true, ordering: .relaxed)
}
writer.start()
while !written.load(ordering: .relaxed) { usleep(100) }
print("shots: \(order.shots)")                         // ...read on another
