import Foundation
import SimSupport
import Synchronization

/// The watch's clock. Tests and the `tracker` day move it forward, so a day runs in
/// milliseconds. Relaxed, like the simulators' events: reading the time is no synchronisation.
///
/// As the system does on a watch, it posts `NSCalendarDayChanged` to the default
/// notification center when it crosses midnight (UTC, the time zone `Display` shows), and
/// `NSSystemClockDidChange` when it is set. Apple does not say on which thread: here on a
/// queue of the clock's, never the main thread (what an app must be ready for).
public final class SimClock: Sendable {
    /// 07:00 UTC on a fixed day, so screens and tests read the same everywhere.
    public static let morning = Date(timeIntervalSinceReferenceDate: 815_036_400)

    private let start: Date
    private let elapsedMilliseconds = Atomic<Int>(0)
    /// One serial queue, so that the notifications arrive in the order the clock moved.
    private let poster = DispatchQueue(label: "SimClock.notifications")
    /// Notifications the clock has begun to post, each counted as its post begins: the post
    /// itself returns only once every observer has run, and an observer registered with a
    /// queue runs when that queue gets to it (the main queue, after its current turn).
    public let notificationsSent = EventCounter()

    /// Where the clock posts: the default center, as on a watch (tests of the clock pass
    /// their own, so that other tests' clocks do not reach them).
    private let center: NotificationCenter

    public init(start: Date = SimClock.morning, notificationCenter: NotificationCenter = .default) {
        self.start = start
        center = notificationCenter
    }

    public var now: Date {
        start.addingTimeInterval(Double(elapsedMilliseconds.load(ordering: .relaxed)) / 1000)
    }

    public func advance(by interval: TimeInterval) {
        let milliseconds = Int((interval * 1000).rounded())
        let after = elapsedMilliseconds.add(milliseconds, ordering: .relaxed).newValue
        if day(after - milliseconds) != day(after) { post(.NSCalendarDayChanged) }
    }

    /// Sets the clock, as the user does in Settings: to a time before or after the current one.
    public func set(to date: Date) {
        let after = Int((date.timeIntervalSince(start) * 1000).rounded())
        let before = elapsedMilliseconds.exchange(after, ordering: .relaxed)
        post(.NSSystemClockDidChange)
        if day(before) != day(after) { post(.NSCalendarDayChanged) }
    }

    /// The day number of the time `elapsed` milliseconds after the start, in UTC.
    private func day(_ elapsed: Int) -> Int {
        let seconds = start.timeIntervalSinceReferenceDate + Double(elapsed) / 1000
        return Int((seconds / 86_400).rounded(.down))
    }

    private func post(_ name: Notification.Name) {
        poster.async { [center, notificationsSent] in
            notificationsSent.increment()
            center.post(name: name, object: nil)
        }
    }
}
