// source: https://github.com/vellum-ai/vellum-assistant/pull/25440
// flags: -swift-version 6
// expect: unavailable-from-async thread-bound
// runs: 1
// shape: an NSLock taken and released by hand inside an async method
import Foundation
#if FIXED
final class Ledger {
    let lock = NSLock()
    var entries = 0
    func record() async { lock.withLock { entries += 1 } }
}
@main enum Run { static func main() async { let l = Ledger(); await l.record(); print(l.entries) } }
#else
final class Ledger {
    let lock = NSLock()
    var entries = 0
    func record() async { lock.lock(); entries += 1; lock.unlock() }
}
#endif
