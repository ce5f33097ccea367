// probe: -swift-version 6
// Debouncing with a Task: each event cancels the task the previous one started. Three
// events arrive in one main-actor job, so the first two tasks are cancelled before they
// start; the order comes from isolation, not from the clock.

@MainActor final class Debouncer {
    private var pending: Task<Void, Never>?
    private(set) var runs: [String] = []
    func send(_ event: String) {
        pending?.cancel()                                // replaces workItem.cancel()
        pending = Task {
            do {
                try await Task.sleep(for: .milliseconds(50))  // replaces asyncAfter
            } catch {
                return                                   // cancelled: a newer event won
            }
            runs.append(event)
        }
    }
    func settle() async { await pending?.value }
}

// The wrong fix: try? swallows the CancellationError, so every cancelled task goes on.
@MainActor final class LeakyDebouncer {
    private var pending: Task<Void, Never>?
    private(set) var runs: [String] = []
    func send(_ event: String) {
        pending?.cancel()
        pending = Task {
            try? await Task.sleep(for: .milliseconds(50))
            runs.append(event)
        }
    }
    func settle() async { await pending?.value }
}

// Throttling: the first event runs at once, the rest are dropped until the window ends.
@MainActor final class Throttle {
    private var window: Task<Void, Never>?
    private(set) var runs: [String] = []
    func send(_ event: String) {
        guard window == nil else { return }
        runs.append(event)
        window = Task {
            try? await Task.sleep(for: .milliseconds(50))  // a window ends even if cancelled
            window = nil
        }
    }
    func settle() async { await window?.value }
}

let debounced = Debouncer(), leaky = LeakyDebouncer(), throttled = Throttle()
for event in ["a", "b", "c"] {
    debounced.send(event); leaky.send(event); throttled.send(event)
}
await debounced.settle(); await leaky.settle(); await throttled.settle()
throttled.send("d")
print("debounced a, b, c: ran \(debounced.runs)")
// Cancelled sleeps wake in an order nothing fixes (seen once as b, a under load): sorted.
print("try? Task.sleep: ran \(leaky.runs.sorted())")
print("throttled a, b, c, then d after the window: ran \(throttled.runs)")
