// The field-deinit-hop exercise's probe: makes a FeedModel on the main actor and drops its
// last reference twice over: on a global queue while the main actor is blocked until that
// release returns, and on the main actor itself. What counts: how many times the
// subscription had been cancelled when each release returned; then, once the process is
// idle, how many times the bookkeeping ran and where, and whether the model was freed.
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

    private static func cleansUpAtRelease() async throws -> Measured {
        let off = try await release(offMain: true), on = try await release(offMain: false)
        return Measured(
            holds: off.atReturn == 1 && on.atReturn == 1,
            seen: "released on a global queue while the main actor waited: cancelled \(off.atReturn) times when the release returned;"
                + " released on the main actor: cancelled \(on.atReturn) times when the release returned")
    }

    private static func closesOnceOnMain() async throws -> Measured {
        let off = try await release(offMain: true), on = try await release(offMain: false)
        let right = { (seen: Seen) in seen.closes == 1 && seen.closesOnMain == 1 && seen.cancels == 1 && seen.freed }
        func words(_ seen: Seen) -> String {
            "the bookkeeping ran \(seen.closes) times (\(seen.closesOnMain) on the main actor), the subscription was cancelled"
                + " \(seen.cancels) times in all, the model was \(seen.freed ? "freed" : "still alive")"
        }
        return Measured(holds: right(off) && right(on),
                        seen: "once the process was idle after a release off main: \(words(off)); after a release on main: \(words(on))")
    }

    struct Seen {
        var atReturn = 0, cancels = 0, closes = 0, closesOnMain = 0, freed = false
    }

    /// One model, one release, then everything it set off, to the end.
    private static func release(offMain: Bool) async throws -> Seen {
        MainQueue.mark()
        let subscription = CountingSubscription(), closes = Recorder<Bool>(), atReturn = Recorder<Int>()
        let slot = await MainActor.run {
            Slot(FeedModel(subscription: subscription) { closes.add(MainQueue.onMain) })
        }
        try await Drive.run(offMain ? "a release on a global queue, the main actor waiting" : "a release on the main actor") {
            await MainActor.run {
                if offMain {
                    // The main thread blocks until the release returns: a teardown sent to the
                    // main actor cannot have run by then.
                    let returned = DispatchSemaphore(value: 0)
                    DispatchQueue.global().async {
                        slot.drop()
                        atReturn.add(subscription.cancels)
                        returned.signal()
                    }
                    returned.wait()
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
                    closesOnMain: closed.filter { $0 }.count, freed: slot.freed)
    }
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
