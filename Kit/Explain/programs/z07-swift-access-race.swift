// source: https://www.swift.org/blog/tsan-support-on-linux/
// flags: -swift-version 5 -sanitize=thread
// expect: tsan-data-race
// before: runs
// runs: entries: 2
// shape: (round 7, input 06-tsan) a class's `var` changed through a method on two threads, built with ThreadSanitizer: TSan titles the report 'Swift access race' (its tag for Swift variables, compiler-rt's tsan_external.cpp), not 'data race'. The Swift 5 mode lets the race compile, as an unmigrated app does; a relaxed atomic orders the accesses in time without synchronising them, so every run reports. The fix: a lock both sides take (an `NSLock`, which TSan sees)
import Foundation
import Synchronization

#if FIXED
final class Counter {
    private let lock = NSLock()
    private var entries: [String] = []
    func record(_ entry: String) { lock.withLock { entries.append(entry) } }
    var count: Int { lock.withLock { entries.count } }
}
#else
final class Counter {
    var entries: [String] = []
    func record(_ entry: String) { entries.append(entry) }
    var count: Int { entries.count }
}
#endif

@main enum Run {
    static func main() {
        let counter = Counter()
        let written = Atomic<Bool>(false)
        let writer = Thread {
            counter.record("on a thread")                  // changed on one thread...
            written.store(true, ordering: .relaxed)
        }
        writer.start()
        while !written.load(ordering: .relaxed) { usleep(100) }
        counter.record("on main")                          // ...and on another
        print("entries: \(counter.count)")
    }
}
