import Foundation

/// What an explored day's simulated SDKs did that an invariant judges by its order: each
/// launch, each background task delivered and completed, each one-shot query started and
/// answered, each sample another app deleted. One list under a `SimLock` (out of TSan's
/// sight), so an entry's place in it is when it happened.
///
/// A query is tied to the background task whose handling started it through a task-local
/// value (`DeliveredTask.current`): the runtime binds it while `handle(_:)` runs, so the
/// app's synchronous calls and the Swift tasks it starts there carry it, and a query that
/// the launch or another task started does not.
public final class DayLedger: Sendable {
    public enum Entry: Sendable, Equatable {
        case launched
        /// The app asked for a background refresh: only then may watchOS deliver one.
        case refreshScheduled
        case taskDelivered(task: Int)
        /// `saved`: the ids in the app's saved log at that moment; `inBackground`: whether
        /// the app was in the background, where completing the task lets watchOS suspend it.
        case taskCompleted(task: Int, inBackground: Bool, saved: Set<String>)
        /// `task`: the background task whose handling started the query, if any.
        case queryStarted(query: Int, task: Int?)
        /// The ids of the samples added and deleted that the answer reported.
        case queryAnswered(query: Int, added: Set<String>, deleted: Set<String>, failed: Bool)
        case sampleDeleted(id: String)
    }

    private let state = SimLock<(entries: [Entry], queries: Int)>(([], 0))

    public init() {}

    public func note(_ entry: Entry) {
        state.withLock { $0.entries.append(entry) }
    }

    /// Notes a query started now, and returns its number.
    public func noteQueryStarted() -> Int {
        state.withLock { state in
            state.queries += 1
            state.entries.append(.queryStarted(query: state.queries, task: DeliveredTask.current))
            return state.queries
        }
    }

    public var entries: [Entry] { state.withLock { $0.entries } }

    /// Whether the app has asked for a background refresh in any launch so far.
    public var refreshWasScheduled: Bool { state.withLock { $0.entries.contains(.refreshScheduled) } }
}

/// The background task the app is handling: bound by the runtime around `handle(_:)`.
public enum DeliveredTask {
    @TaskLocal public static var current: Int?
}
