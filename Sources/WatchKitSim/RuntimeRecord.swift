import Foundation

/// What the runtime saw the app do, for tests and the `tracker` report.
public struct RuntimeRecord: Sendable {
    public struct Completion: Sendable {
        public let taskIdentifier: Int
        /// Reads and writes of the app still under way when the task was completed.
        public let ioInFlight: Int
        /// The name of the Swift task that completed it (SE-0469), `nil` for an unnamed
        /// task or a call made outside any task.
        public let taskName: String?
        /// Whether it was called on the main thread. WatchKit accepts a completion from any
        /// thread; the app's own promise ("the refresh ends on main, after its work") is
        /// what a test can hold it to.
        public let onMainThread: Bool
    }

    /// Main-thread-only APIs the app called from another thread, in order.
    public internal(set) var offMainCalls: [String] = []
    /// Changes to `@Published` properties the app made off the main thread (SwiftUI warns:
    /// "Publishing changes from background threads is not allowed").
    public internal(set) var offMainPublishes = 0
    public internal(set) var deliveredTasks: [Int] = []
    public internal(set) var completions: [Completion] = []
    public internal(set) var scheduledRefreshes: [Date] = []

    /// How many times each delivered task was completed.
    public func completionCount(of taskIdentifier: Int) -> Int {
        completions.count { $0.taskIdentifier == taskIdentifier }
    }
}
