import SimSupport
import TrackerSpec

/// A place where work ran, one lane of the timeline.
public struct TimelineLane: Sendable, Hashable, Comparable {
    /// In the order lanes are drawn: the main thread first, then the queues of the app's,
    /// HealthKit's queues, the actors, the cooperative pool, and anything else.
    public enum Kind: Int, Sendable, Comparable {
        case main, appQueue, healthKit, actor, pool, globalQueue, thread

        public static func < (lhs: Kind, rhs: Kind) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    public let kind: Kind
    /// The queue's label, the actor's type, or the thread's number.
    public let name: String

    /// What the legend says of the lane.
    public var title: String {
        switch kind {
        case .main: "main thread (the main actor)"
        case .appQueue: "queue \(name) (the app's own)"
        case .healthKit: "HealthKit's queue \(name)"
        case .actor: "actor \(name)"
        case .pool: "cooperative pool (tasks on no actor)"
        case .globalQueue: "global queue \(name)"
        case .thread: "thread \(name)"
        }
    }

    /// The short label drawn above the lane's column.
    public var code: String {
        switch kind {
        case .main: "M"
        case .appQueue: "Q"
        case .healthKit: "H" + String(name.reversed().prefix { $0.isNumber }.reversed())
        case .actor: "A"
        case .pool: "P"
        case .globalQueue: "G"
        case .thread: "T"
        }
    }

    public static func < (lhs: TimelineLane, rhs: TimelineLane) -> Bool {
        (lhs.kind, lhs.name.count, lhs.name) < (rhs.kind, rhs.name.count, rhs.name)
    }

    public static let main = TimelineLane(kind: .main, name: "main")

    /// The lane of a place, from what was measured there: the main queue or the main
    /// actor's executor (also in a queue's `sync` block called from it), a default actor's executor, HealthKit's queues (the
    /// simulator's labels), a task with no actor (the pool), a root queue of dispatch's,
    /// any other labelled queue (the app's own), else the bare thread.
    public static func of(_ place: Place) -> TimelineLane {
        if place.onMainQueue || place.onMainActor { return .main }
        if let actor = place.actor { return TimelineLane(kind: .actor, name: actor) }
        if place.queue.hasPrefix(healthKitQueuePrefix) { return TimelineLane(kind: .healthKit, name: place.queue) }
        if place.inTask { return TimelineLane(kind: .pool, name: "pool") }
        if place.queue.hasPrefix("com.apple.root.") { return TimelineLane(kind: .globalQueue, name: place.queue) }
        if !place.queue.isEmpty && place.queue != "com.apple.main-thread" {
            return TimelineLane(kind: .appQueue, name: place.queue)
        }
        return TimelineLane(kind: .thread, name: String(place.thread, radix: 16))
    }

    /// The labels `HealthDatabase` gives its queues.
    static let healthKitQueuePrefix = "HealthKitSim.store"
}
