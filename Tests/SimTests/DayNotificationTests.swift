import Dispatch
import Foundation
import SimSupport
import Testing
import WatchKitSim

/// The day-change and clock-change notifications the simulated watch posts, and the
/// async-sequence form of observing them that Linux's Foundation lacks (see
/// `Steps/FIDELITY.md`). Each test's clock posts to a center of its own, so that the clocks
/// of tests running beside it do not reach it.
@Suite("WatchKitSim: the day and clock notifications")
struct DayNotificationTests {
    /// What an observer saw: each notification's name, and whether it ran on the main queue.
    final class Seen: @unchecked Sendable {
        // `@unchecked Sendable` is sound: `entries` is touched only under `lock`.
        private let lock = NSLock()
        private var entries: [(name: String, onMain: Bool)] = []

        func note(_ name: Notification.Name) {
            let onMain = MainQueue.shared.isCurrent
            lock.withLock { entries.append((name.rawValue, onMain)) }
        }

        var names: [String] { lock.withLock { entries.map(\.name) } }
        var anyOnMain: Bool { lock.withLock { entries.contains { $0.onMain } } }
    }

    /// A clock at 07:00 whose notifications reach `seen`, and the center it posts to.
    func observedClock(_ seen: Seen) -> (SimClock, NotificationCenter, [any NSObjectProtocol]) {
        let center = NotificationCenter()
        let observers = [Notification.Name.NSCalendarDayChanged, .NSSystemClockDidChange].map { name in
            center.addObserver(forName: name, object: nil, queue: nil) { seen.note($0.name) }
        }
        return (SimClock(notificationCenter: center), center, observers)
    }

    @Test("crossing midnight posts NSCalendarDayChanged once, off the main thread; moving within the day posts nothing")
    func midnightPostsDayChanged() async throws {
        let seen = Seen()
        let (clock, _, observers) = observedClock(seen)
        clock.advance(by: 3600)
        clock.advance(by: 16 * 3600 + 1800)
        try await waitUntil("the day-change notification") { !seen.names.isEmpty }
        // A later post, to learn that nothing else was posted before it (the queue is serial).
        clock.set(to: clock.now)
        try await waitUntil("the clock-change notification") { seen.names.count >= 2 }
        #expect(seen.names == ["NSCalendarDayChangedNotification", "NSSystemClockDidChangeNotification"])
        #expect(clock.notificationsSent.count == 2)
        #expect(!seen.anyOnMain, "posted on the main queue")
        withExtendedLifetime(observers) {}
    }

    @Test("setting the clock posts NSSystemClockDidChange, and NSCalendarDayChanged too when the day is another")
    func settingTheClock() async throws {
        let seen = Seen()
        let (clock, _, observers) = observedClock(seen)
        clock.set(to: SimClock.morning.addingTimeInterval(-8 * 3600))
        try await waitUntil("two notifications") { seen.names.count >= 2 }
        #expect(seen.names == ["NSSystemClockDidChangeNotification", "NSCalendarDayChangedNotification"])
        #expect(clock.now == SimClock.morning.addingTimeInterval(-8 * 3600))
        withExtendedLifetime(observers) {}
    }

    @Test("notifications(named:) yields what is posted after it is made, in order, and its loop ends when its task is cancelled")
    func asyncSequence() async throws {
        let center = NotificationCenter()
        let name = Notification.Name("DayNotificationTests.ping")
        let received = Box<[Int]>()
        let started = Gate()
        let loop = Task {
            var numbers: [Int] = []
            let pings = center.notifications(named: name)
            started.open()
            for await note in pings {
                numbers.append((note.object as? NSNumber)?.intValue ?? 0)
                received.put(numbers)
            }
            return numbers
        }
        try await waitUntil("the sequence to be made") { started.opened }
        for number in [1, 2, 4] { center.post(name: name, object: NSNumber(value: number)) }
        try await waitUntil("three notifications") { received.value?.count == 3 }
        loop.cancel()
        #expect(await loop.value == [1, 2, 4])
    }
}
