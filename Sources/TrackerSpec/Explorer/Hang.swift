/// Why an explored day made no progress: an id the finding carries, and the sentence a
/// person reads where it is printed.
public enum Hang: String, Codable, Sendable {
    /// Work stayed in flight, or a thread of the app stayed ready to run, for a minute.
    case neverIdle = "never-idle"
    /// Main ran nothing sent to it for a minute: it waits on something that does not come.
    case mainBlocked = "main-blocked"
    /// A held SDK event waited past its patience: the day never got back to it.
    case eventNeverReleased = "event-never-released"
    /// The day released `ExploredDay.stepLimit` held events in a row without settling.
    case neverSettled = "never-settled"
    /// The day stopped on an error of its own (printed where it happened).
    case stopped

    public var explanation: String {
        switch self {
        case .neverIdle: "the app never became idle: work stayed in flight or a thread stayed busy (a loop that never waits?)"
        case .mainBlocked: "the main thread ran nothing sent to it (a blocking wait on main, a deadlock?)"
        case .eventNeverReleased: "a held event waited past the explorer's patience"
        case .neverSettled: "the day answered event after event without settling (a request that repeats itself?)"
        case .stopped: "the day stopped on an error"
        }
    }
}

extension Hang {
    /// "no progress after EVENT: why", as the tracker, the suite and the grade print it.
    public static func noProgress(after event: String, _ hang: Hang?) -> String {
        "no progress after \(event): \((hang ?? .stopped).explanation)"
    }
}

/// Thrown by an explored day's steps: the day made no progress, and why.
struct DayHung: Error, CustomStringConvertible {
    let hang: Hang
    var description: String { "no progress: \(hang.explanation)" }
}
