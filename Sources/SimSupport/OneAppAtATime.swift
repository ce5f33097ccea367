/// Runs one simulated app at a time in this process.
///
/// A simulated watch runs one app, and the SDK's process-wide entry points
/// (`WKExtension.shared()`, `CLKComplicationServer.sharedInstance()`,
/// `HKHealthStore.isHealthDataAvailable()`) answer for that app. Every test that launches
/// an app runs inside `OneAppAtATime.shared.run`, so two never overlap, and their main
/// thread stalls and TSan reports never blur into each other. `WKExtension.launch` checks
/// `holdsTurn`, so an app launched outside cannot overlap another unnoticed.
public actor OneAppAtATime {
    public static let shared = OneAppAtATime()

    private var busy = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    public func run<T: Sendable>(_ body: @Sendable () async throws -> T) async rethrows -> T {
        if busy {
            await withCheckedContinuation { waiters.append($0) }
        }
        busy = true
        defer {
            if waiters.isEmpty { busy = false } else { waiters.removeFirst().resume() }
        }
        return try await Self.$holdsTurn.withValue(true) { try await body() }
    }

    /// True inside `run`, in the task that holds the turn.
    @TaskLocal public static var holdsTurn = false
}
