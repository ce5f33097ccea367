/// Runs one app at a time in this process.
///
/// Every stage's tests share one process, one main queue and one watchdog clock; two apps
/// running at once would stall each other's main thread and blur each other's TSan reports.
actor Exclusive {
    static let shared = Exclusive()

    private var busy = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func run<T: Sendable>(_ body: @Sendable () async throws -> T) async rethrows -> T {
        if busy {
            await withCheckedContinuation { waiters.append($0) }
        }
        busy = true
        defer {
            if waiters.isEmpty { busy = false } else { waiters.removeFirst().resume() }
        }
        return try await body()
    }
}
