import Foundation

/// One caffeinated drink the user had.
///
/// Sendable from the start: the shared model is a public value type, and public types are
/// never inferred Sendable, so it says so itself.
public struct Drink: Hashable, Codable, Sendable, Identifiable {
    public let uuid: UUID
    public let mgCaffeine: Double
    public let date: Date

    public var id: UUID { uuid }

    public init(mgCaffeine: Double, onDate date: Date, uuid: UUID = UUID()) {
        self.mgCaffeine = mgCaffeine
        self.date = date
        self.uuid = uuid
    }

    /// Caffeine from this drink still in the body at `date`: half of it is gone every
    /// `Drink.halfLife`, none of it before the drink was had.
    public func caffeineRemaining(at date: Date) -> Double {
        let elapsed = date.timeIntervalSince(self.date)
        guard elapsed >= 0 else { return 0 }
        return mgCaffeine * pow(0.5, elapsed / Drink.halfLife)
    }

    // Constants here are computed: on Linux, TSan treats each access to a lazily
    // initialised global as a lock, which would order the app's threads behind its back.

    /// Caffeine's half-life in an adult, about five hours.
    public static var halfLife: TimeInterval { 5 * 60 * 60 }

    /// How long the app keeps a drink.
    public static var lifetime: TimeInterval { 24 * 60 * 60 }
}

extension Sequence where Element == Drink {
    /// Caffeine from all these drinks still in the body at `date`.
    public func caffeineRemaining(at date: Date) -> Double {
        reduce(0) { $0 + $1.caffeineRemaining(at: date) }
    }
}

extension Array where Element == Drink {
    /// The drinks of the last 24 hours before `now`; older ones are dropped.
    public func recent(at now: Date) -> [Drink] {
        let cutoff = now.addingTimeInterval(-Drink.lifetime)
        return filter { $0.date > cutoff }
    }
}

/// The app's drink log on disk: the list of drinks as a binary property list.
public enum DrinkLog {
    public static var fileName: String { "drinks.plist" }

    /// A name beside the log for a copy that could not be read, so it is never overwritten.
    public static func corruptFileName(number: Int) -> String {
        "drinks.corrupt-\(number).plist"
    }
}
