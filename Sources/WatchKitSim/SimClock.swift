import Foundation
import Synchronization

/// The watch's clock. Tests and the `tracker` day move it forward, so a day runs in
/// milliseconds. Relaxed, like the simulators' events: reading the time is no synchronisation.
public final class SimClock: Sendable {
    /// 07:00 UTC on a fixed day, so screens and tests read the same everywhere.
    public static let morning = Date(timeIntervalSinceReferenceDate: 815_036_400)

    private let start: Date
    private let elapsedMilliseconds = Atomic<Int>(0)

    public init(start: Date = SimClock.morning) {
        self.start = start
    }

    public var now: Date {
        start.addingTimeInterval(Double(elapsedMilliseconds.load(ordering: .relaxed)) / 1000)
    }

    public func advance(by interval: TimeInterval) {
        elapsedMilliseconds.add(Int((interval * 1000).rounded()), ordering: .relaxed)
    }
}
