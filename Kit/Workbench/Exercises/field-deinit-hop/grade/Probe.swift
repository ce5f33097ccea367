// The field-deinit-hop exercise's probe: makes a FeedModel on the main actor and drops its
// last reference twice over: on a global queue while the main actor is blocked until that
// release returns, and on the main actor itself. What counts: how many times the
// subscription had been cancelled when each release returned (a release still waiting
// when the process goes idle is counted then, and the main actor let go); then, once the
// process is idle, how many times the bookkeeping ran and where, whether the release
// waited for the main actor, and whether the model was freed. Last, thousands of models
// released at once from several threads, each model's cancels and bookkeeping counted.
import Dispatch
import Exercise
import Foundation
import Synchronization

enum Probe {
    static func measure(_ property: FieldPropertyID) async throws -> Measured {
        switch property {
        case .deinitCleansUpAtRelease: try await cleansUpAtRelease()
        case .deinitClosesOnceOnMain: try await closesOnceOnMain()
        default: Measured(holds: false, seen: "this exercise does not measure \(property.rawValue)")
        }
    }

    /// "once", "twice", "3 times": counts in words.
    static func times(_ count: Int) -> String { count == 1 ? "once" : count == 2 ? "twice" : "\(count) times" }

    private static func cleansUpAtRelease() async throws -> Measured {
        let off = try await release(offMain: true), on = try await release(offMain: false)
        // A release that waits for the main actor after cancelling is judged by the next
        // property: what it breaks is the bookkeeping, not the cancel.
        let offCancels = off.waitedForMain ? off.cancelsWhenMainLetGo : off.atReturn
        func offWords() -> String {
            off.waitedForMain
                ? "cancelled \(times(offCancels)) when the release, still waiting, had to be let go by freeing the main actor"
                : "cancelled \(times(off.atReturn)) when the release returned"
        }
        // A cancel sent elsewhere as well (a task, a main-queue block) is counted once idle.
        func later(_ seen: Seen) -> String { ", \(times(seen.cancels)) in all once idle" }
        return Measured(
            holds: offCancels == 1 && on.atReturn == 1 && off.cancels == 1 && on.cancels == 1,
            seen: "released on a global queue while the main actor waited: \(offWords())\(later(off));"
                + " released on the main actor: cancelled \(times(on.atReturn)) when the release returned\(later(on))")
    }

    private static func closesOnceOnMain() async throws -> Measured {
        let off = try await release(offMain: true), on = try await release(offMain: false)
        let right = { (seen: Seen) in
            !seen.waitedForMain && seen.closes == 1 && seen.closesOnMain == 1 && seen.freed
        }
        func words(_ seen: Seen) -> String {
            (seen.waitedForMain ? "the release waited for the main actor while the main actor waited for it (a deadlock the grade broke by letting the main actor go), " : "")
                + "the bookkeeping ran \(times(seen.closes)) (\(seen.closesOnMain) on the main actor), the subscription was cancelled"
                + " \(times(seen.cancels)) in all, the model was \(seen.freed ? "freed" : "still alive")"
        }
        guard right(off) && right(on) else {
            return Measured(holds: false,
                            seen: "once the process was idle after a release off main: \(words(off)); after a release on main: \(words(on))")
        }
        let batch = try await releaseMany()
        return Measured(holds: batch.holds,
                        seen: "after one release off main and one on main: the bookkeeping ran once, on the main actor, the model was freed; \(batch.seen)")
    }

    struct Seen {
        var atReturn = 0, cancels = 0, closes = 0, closesOnMain = 0, freed = false
        /// The release had not returned when the process went idle with the main actor
        /// waiting for it: the grade let the main actor go, and counted the cancels then.
        var waitedForMain = false, cancelsWhenMainLetGo = 0
    }

    /// One model, one release, then everything it set off, to the end.
    private static func release(offMain: Bool) async throws -> Seen {
        MainQueue.mark()
        let subscription = CountingSubscription(), closes = Recorder<Bool>(), atReturn = Recorder<Int>()
        let mainGate = MainGate(), letGo = Recorder<Int>()
        let slot = await MainActor.run {
            Slot(FeedModel(subscription: subscription) { closes.add(MainQueue.onMain) })
        }
        Crash.during(offMain ? "while the last reference was dropped on a global queue, the main actor waiting"
                     : "while the last reference was dropped on the main actor")
        // Idle with the release unfinished while the main actor waits for it: a release that
        // waits for the main actor. The cancels are counted, then the main actor is let go.
        let release: @Sendable () -> Int = {
            guard offMain, mainGate.waiting else { return 0 }
            letGo.add(subscription.cancels)
            return mainGate.open()
        }
        try await Drive.run(offMain ? "a release on a global queue, the main actor waiting" : "a release on the main actor",
                            release: release) {
            await MainActor.run {
                if offMain {
                    // The main thread blocks until the release returns: a teardown sent to the
                    // main actor cannot have run by then.
                    DispatchQueue.global().async {
                        slot.drop()
                        atReturn.add(subscription.cancels)
                        mainGate.open()
                    }
                    mainGate.wait()
                } else {
                    slot.drop()
                    atReturn.add(subscription.cancels)
                }
            }
        }
        // Whatever the teardown sent elsewhere (a task, a main-queue block) runs before this.
        try await Drive.untilQuiet("what the release set off")
        await MainActor.run {}
        try await Drive.untilQuiet("what the release set off, after the main actor ran")
        let closed = closes.all
        return Seen(atReturn: atReturn.all.first ?? -1, cancels: subscription.cancels, closes: closed.count,
                    closesOnMain: closed.filter { $0 }.count, freed: slot.freed,
                    waitedForMain: !letGo.all.isEmpty, cancelsWhenMainLetGo: letGo.all.first ?? 0)
    }

    /// Many models, their last references dropped at once from several threads while the
    /// main actor is free: every model's subscription cancelled once and its bookkeeping run
    /// once, on the main actor, once the process is idle. Shared state the teardowns touch
    /// without a lock loses or crashes here (a crash fails this property).
    private static func releaseMany() async throws -> Measured {
        MainQueue.mark()
        let cores = max(ProcessInfo.processInfo.processorCount, ProcessInfo.processInfo.activeProcessorCount)
        let threads = max(4, 2 * cores), each = 2_000, rounds = 8
        var cancelled = 0, closedOnce = 0, closedOnMain = 0, freed = 0, total = 0
        for round in 1...rounds {
            Crash.during("while releasing \(threads * each) models at once from \(threads) threads (round \(round) of \(rounds))")
            let closes = CloseCounts(threads * each)
            let batches: [Batch] = await MainActor.run {
                (0..<threads).map { thread in
                    let subscriptions = (0..<each).map { _ in CountingSubscription() }
                    return Batch(subscriptions.indices.map { index in
                        let number = thread * each + index
                        return FeedModel(subscription: subscriptions[index]) { closes.add(number, onMain: MainQueue.onMain) }
                    }, subscriptions)
                }
            }
            try await Drive.run("\(threads * each) models released at once from \(threads) threads") {
                await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                    let start = DispatchGroup(), left = Mutex(threads)
                    start.enter()
                    for batch in batches {
                        Thread {
                            start.wait()
                            batch.dropAll()
                            if left.withLock({ $0 -= 1; return $0 }) == 0 { done.resume() }
                        }.start()
                    }
                    start.leave()
                }
            }
            try await Drive.untilQuiet("what the releases set off")
            await MainActor.run {}
            try await Drive.untilQuiet("what the releases set off, after the main actor ran")
            let counts = closes.counts
            total += threads * each
            cancelled += batches.reduce(0) { $0 + $1.subscriptions.filter { $0.cancels == 1 }.count }
            closedOnce += counts.all.filter { $0 == 1 }.count
            closedOnMain += counts.onMain
            freed += batches.reduce(0) { $0 + $1.freed }
        }
        Crash.during("measuring")
        return Measured(holds: cancelled == total && closedOnce == total && closedOnMain == total && freed == total,
                        seen: "\(total) models released at once from \(threads) threads (\(rounds) rounds): \(cancelled) cancelled once,"
                            + " \(closedOnce) with the bookkeeping run once (\(closedOnMain) runs on the main actor), \(freed) freed")
    }
}

/// The main thread's wait for a release: opened by the release when it returns, or by the
/// harness when the process is idle with the main thread still waiting.
final class MainGate: Sendable {
    private let condition = NSCondition()
    private let state = Mutex<(waiting: Bool, open: Bool)>((false, false))

    func wait() {
        condition.lock()
        state.withLock { $0.waiting = true }
        while !state.withLock({ $0.open }) { condition.wait() }
        state.withLock { $0.waiting = false }
        condition.unlock()
    }

    var waiting: Bool { state.withLock { $0.waiting && !$0.open } }

    /// Lets the main thread go; 1 when it was waiting, else 0.
    @discardableResult func open() -> Int {
        condition.lock()
        defer { condition.unlock() }
        let was = state.withLock { state -> Int in
            defer { state.open = true }
            return state.waiting && !state.open ? 1 : 0
        }
        condition.broadcast()
        return was
    }
}

/// Per model: how many times its bookkeeping ran, and how many runs were on the main actor.
final class CloseCounts: Sendable {
    private let state: Mutex<(all: [Int], onMain: Int)>
    init(_ count: Int) { state = Mutex((Array(repeating: 0, count: count), 0)) }
    func add(_ number: Int, onMain: Bool) { state.withLock { $0.all[number] += 1; if onMain { $0.onMain += 1 } } }
    var counts: (all: [Int], onMain: Int) { state.withLock { $0 } }
}

/// One thread's models: it drops them one after another, outside any lock of the probe.
final class Batch: @unchecked Sendable {
    private var models: [FeedModel?]
    let subscriptions: [CountingSubscription]
    private let watched: [Weak]

    init(_ models: [FeedModel], _ subscriptions: [CountingSubscription]) {
        self.models = models
        watched = models.map(Weak.init)
        self.subscriptions = subscriptions
    }

    func dropAll() {
        for index in models.indices { models[index] = nil }
    }

    var freed: Int { watched.filter { $0.model == nil }.count }
}

final class Weak: @unchecked Sendable {
    weak var model: FeedModel?
    init(_ model: FeedModel) { self.model = model }
}

/// The subscription the model is given: counts its cancels, from any thread.
final class CountingSubscription: FeedSubscription {
    private let count = Mutex(0)
    func cancel() { count.withLock { $0 += 1 } }
    var cancels: Int { count.withLock { $0 } }
}

/// Holds the only strong reference to the model, so that the probe chooses where the last
/// release happens; a weak one tells whether it was freed.
final class Slot: @unchecked Sendable {
    private let lock = NSLock()
    private var model: FeedModel?
    private weak var watched: FeedModel?

    init(_ model: FeedModel) {
        self.model = model
        watched = model
    }

    /// The last release happens before this returns, outside the lock (the model's
    /// teardown may run inline).
    func drop() {
        var last: FeedModel? = lock.withLock {
            defer { model = nil }
            return model
        }
        last = nil
        _ = last
    }

    var freed: Bool { lock.withLock { watched == nil } }
}

/// The main queue, told apart from other threads by a queue-specific value (on Linux the main
/// actor need not run on the process's first thread).
enum MainQueue {
    private static let key = DispatchSpecificKey<Bool>()
    static func mark() { DispatchQueue.main.setSpecific(key: key, value: true) }
    static var onMain: Bool { DispatchQueue.getSpecific(key: key) ?? false }
}
