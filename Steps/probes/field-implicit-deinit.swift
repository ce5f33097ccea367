// probe: -swift-version 6 -default-isolation MainActor
// watch: the isolated implicit deinit is the compiler's since 6.2 (swiftlang/swift#82670), not the proposals'; queuing it from a main-queue block is 6.3.1 on Linux
// Under main-actor default isolation: a class with no deinit, one with a deinit written
// out, and one with `nonisolated deinit {}`. A class with no deinit has nothing to print
// from, so each holds a `Part` whose own deinit records where and when the class's
// teardown released it. Each is released off the main actor while the main actor waits
// for the release to return, then on the main actor (in a main-actor task, then in a
// block on the main queue); then 1,000 of each are released off
// the main actor at once, the main actor busy until the last release returns.
import Foundation
import Synchronization

nonisolated let mainKey = DispatchSpecificKey<Bool>()
nonisolated func onMainQueue() -> Bool { DispatchQueue.getSpecific(key: mainKey) ?? false }

/// Counts the parts freed, where, and whether the release that dropped them had returned;
/// `waitForParts(n)` resumes once n parts are freed.
nonisolated final class Log: Sendable {
    struct Counts { var freed = 0, onMain = 0, beforeReturn = 0 }
    private struct State {
        var counts = Counts(), releaseReturned = false
        var waiter: (count: Int, continuation: CheckedContinuation<Void, Never>)?
    }
    private let state = Mutex(State())
    func releasing() { state.withLock { $0.releaseReturned = false } }
    func released() { state.withLock { $0.releaseReturned = true } }
    func partFreed() {
        let main = onMainQueue()
        state.withLock { state in
            state.counts.freed += 1
            if main { state.counts.onMain += 1 }
            if !state.releaseReturned { state.counts.beforeReturn += 1 }
            if let waiter = state.waiter, state.counts.freed >= waiter.count {
                waiter.continuation.resume()
                state.waiter = nil
            }
        }
    }
    func waitForParts(_ count: Int) async {
        await withCheckedContinuation { continuation in
            state.withLock { state in
                if state.counts.freed >= count { continuation.resume() }
                else { state.waiter = (count, continuation) }
            }
        }
    }
    func take() -> Counts { state.withLock { state in defer { state = State() }; return state.counts } }
}
nonisolated let log = Log()

nonisolated final class Part: Sendable {
    deinit { log.partFreed() }
}

final class NoDeinit {                  // main-actor by default, no deinit written
    let part = Part()
}
final class WrittenDeinit {
    let part = Part()
    deinit { }                          // written out: nonisolated, though the class is not
}
final class NonisolatedDeinit {
    let part = Part()
    nonisolated deinit { }              // says so
}

/// Holds the last references, so that another thread can drop them.
nonisolated final class Holder: @unchecked Sendable {
    var objects: [AnyObject]
    init(_ objects: [AnyObject]) { self.objects = objects }
}

/// Drops the references on a global queue while the main actor waits, blocked, for the
/// release to return: a teardown sent to the main actor cannot have run by then. Then
/// frees the main actor and waits until every part is freed.
/// The objects are made here, so that the holder has the only references.
func releaseOffMain(_ count: Int, of make: () -> AnyObject) async -> Log.Counts {
    let holder = Holder((0..<count).map { _ in make() })
    log.releasing()
    let returned = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
        holder.objects = []
        log.released()
        returned.signal()
    }
    returned.wait()
    await log.waitForParts(count)
    return log.take()
}

/// Drops the last reference on the main actor itself.
func releaseOnMain(_ make: () -> AnyObject) async -> Log.Counts {
    var object: AnyObject? = make()
    log.releasing()
    object = nil
    log.released()
    _ = object
    await log.waitForParts(1)
    return log.take()
}

/// Drops the last reference in a block on the main queue: on the main actor too
/// (`MainActor.assumeIsolated` would trap if not), but not inside a main-actor task.
func releaseInMainQueueBlock(_ make: () -> AnyObject) async -> Log.Counts {
    let holder = Holder([make()])
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        DispatchQueue.main.async {
            MainActor.assumeIsolated {
                log.releasing()
                holder.objects = []
                log.released()
            }
            done.resume()
        }
    }
    await log.waitForParts(1)
    return log.take()
}

func line(_ counts: Log.Counts, of total: Int) -> String {
    total == 1
        ? "freed on main: \(counts.onMain == 1), before the release returned: \(counts.beforeReturn == 1)"
        : "\(counts.onMain) of \(total) freed on main, \(counts.beforeReturn) before the release returned"
}

DispatchQueue.main.setSpecific(key: mainKey, value: true)
let kinds: [(String, () -> AnyObject)] = [
    ("no deinit", { NoDeinit() }), ("deinit { }", { WrittenDeinit() }), ("nonisolated deinit { }", { NonisolatedDeinit() }),
]
for (name, make) in kinds {
    print("\(name):")
    print("  released off main: \(line(await releaseOffMain(1, of: make), of: 1))")
    print("  released on main:  \(line(await releaseOnMain(make), of: 1))")
    print("  main queue block:  \(line(await releaseInMainQueueBlock(make), of: 1))")
    print("  1000 off main:     \(line(await releaseOffMain(1000, of: make), of: 1000))")
}
