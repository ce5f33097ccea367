// probe: -swift-version 6 -parse-as-library
// A command-line tool with an async entry point: main awaits its work before it returns.
// Then the wrong way to wait from synchronous code, a semaphore, on the cooperative pool:
// as many waiters as the pool has threads, each waiting for a task that needs a thread.
// Each wait has a limit, so the deadlock ends in a timeout instead of a hang.
import Dispatch
import Foundation
import Synchronization

let saved = Mutex(0)

/// What happened, in order, from any thread.
final class Events: Sendable {
    private let list = Mutex<[String]>([])
    func add(_ event: String) { list.withLock { $0.append(event) } }
    var all: [String] { list.withLock { $0 } }
}

func save(_ drink: Int) async {
    await Task.yield()                    // a suspension, as a real write would have
    saved.withLock { $0 += 1 }
}

/// Holds each waiter until all have a thread, so that every thread is taken before any
/// waiter starts its task (with a limit too, in case the pool is narrower).
final class StartLine: Sendable {
    private let arrived = Mutex(0)
    private let gate = DispatchSemaphore(value: 0)
    let waiters: Int
    init(waiters: Int) { self.waiters = waiters }
    func arriveAndWait() {
        if arrived.withLock({ $0 += 1; return $0 }) == waiters {
            for _ in 1..<waiters { gate.signal() }
        } else {
            _ = gate.wait(timeout: .now() + 10)
        }
    }
}

/// Blocks a pool thread until a task of its own signals, or the limit passes.
func waitWithSemaphore(_ events: Events, after startLine: StartLine) {
    startLine.arriveAndWait()
    let semaphore = DispatchSemaphore(value: 0)
    Task {                                // on the pool, at the waiter's priority
        events.add("signalled")
        semaphore.signal()
    }
    if semaphore.wait(timeout: .now() + 3) == .timedOut {
        events.add("timed out")
    }
}

/// The same wait, as a suspension: the thread is free while the task runs.
func waitWithAwait(_ events: Events) async {
    let task = Task { events.add("signalled") }
    await task.value                      // suspends: the thread is free
}

func summary(_ events: [String]) -> String {
    let timeouts = events.filter { $0 == "timed out" }.count
    return "first event \(events.first ?? "none"), \(timeouts == 0 ? "no" : "some") waits timed out"
}

@main struct Tool {
    static func main() async {
        for drink in 1...3 { await save(drink) }
        print("static func main() async: \(saved.withLock { $0 }) of 3 saves finished before exit")

        let waiters = ProcessInfo.processInfo.activeProcessorCount   // the pool's width here
        let blocked = Events()
        let startLine = StartLine(waiters: waiters)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<waiters { group.addTask { waitWithSemaphore(blocked, after: startLine) } }
        }
        print("semaphore, one waiter per pool thread: \(summary(blocked.all))")

        let awaited = Events()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<waiters { group.addTask { await waitWithAwait(awaited) } }
        }
        print("await, one waiter per pool thread: \(summary(awaited.all))")
    }
}
