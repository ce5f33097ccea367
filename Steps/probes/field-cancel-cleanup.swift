// probe: -swift-version 6
// An upload that holds a session and must close it when it ends, cancelled while it waits.
// Closing is async and, like most async APIs (URLSession's among them), gives up at once in
// a cancelled task. Each way of writing the cleanup is run in a task that is cancelled
// once the upload is waiting; the probe reports whether the session was closed by the time
// the task's value came back, and whether it was closed at all. Then a callback-based
// transfer that knows nothing of tasks: what `withTaskCancellationHandler` stops, and when.
import Foundation
import Synchronization

/// A session whose `close()` throws in a cancelled task, as a network call would. Its
/// server answers a close at once, or, for a slow server, only when the probe says so.
final class Session: Sendable {
    private let closed = Mutex(0)
    let server: Started?
    init(slowServer: Bool) { server = slowServer ? Started() : nil }
    func close() async throws {
        try Task.checkCancellation()
        await server?.wait()
        closed.withLock { $0 += 1 }
    }
    var closes: Int { closed.withLock { $0 } }
}

/// Says when the upload is waiting, so that the probe cancels it there and not before.
final class Started: Sendable {
    private let state = Mutex<(started: Bool, waiter: CheckedContinuation<Void, Never>?)>((false, nil))
    func signal() { state.withLock { $0.started = true; $0.waiter?.resume(); $0.waiter = nil } }
    func wait() async {
        await withCheckedContinuation { continuation in
            state.withLock { if $0.started { continuation.resume() } else { $0.waiter = continuation } }
        }
    }
}

/// The upload: waits until cancelled (the sleep throws CancellationError at once when it is).
func upload(_ started: Started) async throws {
    started.signal()
    try await Task.sleep(for: .seconds(3600))
}

/// Detached finalisers, kept only so that the probe can see whether they ever ran.
let finalisers = Mutex<[Task<Void, any Error>]>([])

enum Cleanup: String, CaseIterable {
    case afterTheWork = "close after the work, in the cancelled task"
    case awaitedUnstructuredTask = "close in an unstructured Task, awaited"
    case detachedFinaliser = "close in a detached task, not awaited"

    func run(_ session: Session, _ started: Started) async {
        switch self {
        case .afterTheWork:
            do { try await upload(started) } catch {}
            try? await session.close()              // throws: this task is cancelled
        case .awaitedUnstructuredTask:
            do { try await upload(started) } catch {}
            // An unstructured task does not inherit the cancellation; awaiting it keeps the
            // close inside the upload's lifetime.
            try? await Task { try await session.close() }.value
        case .detachedFinaliser:
            do { try await upload(started) } catch {}
            let finaliser = Task.detached { try await session.close() }
            finalisers.withLock { $0.append(finaliser) }
        }
    }
}

for cleanup in Cleanup.allCases {
    // The detached finaliser's server answers only after the task returned: whether the
    // task waited for its close is then plain to see (an awaited close would wait for ever).
    let session = Session(slowServer: cleanup == .detachedFinaliser), started = Started()
    let task = Task { await cleanup.run(session, started) }
    await started.wait()
    task.cancel()
    await task.value
    let atReturn = session.closes
    session.server?.signal()
    for finaliser in finalisers.withLock({ $0 }) { try? await finaliser.value }
    finalisers.withLock { $0 = [] }
    print("\(cleanup.rawValue): closed when the task returned: \(atReturn == 1), closed in the end: \(session.closes == 1)")
}

// A transfer run by callbacks (a URLSessionTask, a socket): cancelling the task does not
// reach it unless a cancellation handler stops it.
final class Transfer: Sendable {
    private let state = Mutex<(stopped: Bool, done: CheckedContinuation<Void, any Error>?)>((false, nil))
    func run(_ started: Started) async throws {
        try await withCheckedThrowingContinuation { continuation in
            state.withLock { $0.done = continuation }
            started.signal()
        }
    }
    func stop() {
        state.withLock { $0.stopped = true; $0.done?.resume(throwing: CancellationError()); $0.done = nil }
    }
    var stopped: Bool { state.withLock { $0.stopped } }
}

for handler in [false, true] {
    let transfer = Transfer(), started = Started()
    let task = Task {
        if handler {
            try await withTaskCancellationHandler {
                try await transfer.run(started)
            } onCancel: {
                transfer.stop()                 // runs in task.cancel(), on the cancelling thread
            }
        } else {
            try await transfer.run(started)
        }
    }
    await started.wait()
    task.cancel()
    let stoppedByCancel = transfer.stopped      // read right after cancel() returned
    if !stoppedByCancel { transfer.stop() }     // end it by hand, so that the task can finish
    _ = await task.result
    print("\(handler ? "with" : "without") withTaskCancellationHandler: the transfer was stopped by cancel(): \(stoppedByCancel)")
}

/// A task already cancelled when it calls `withTaskCancellationHandler`: `onCancel` runs at
/// once, on the calling thread, before the operation starts.
let order = Mutex<[String]>([])
let cancelledOnEntry = Task {
    withUnsafeCurrentTask { $0?.cancel() }
    let caller = unsafeBitCast(pthread_self(), to: UInt.self)
    await withTaskCancellationHandler {
        order.withLock { $0.append("operation") }
    } onCancel: {
        let here = unsafeBitCast(pthread_self(), to: UInt.self)
        order.withLock { $0.append("onCancel (on the calling thread: \(here == caller))") }
    }
}
await cancelledOnEntry.value
print("cancelled on entry: ran in this order: \(order.withLock { $0 })")

/// An operation busy in synchronous code, never suspended, when the task is cancelled:
/// `onCancel` runs at the same time, on the cancelling thread. The operation waits for the
/// handler's mark (up to 5 s, so that a wrong answer ends).
let busyStarted = Started(), handlerRan = Mutex(false)
let busy = Task.detached {          // detached: off the main actor, which must stay free to cancel it
    await withTaskCancellationHandler {
        busyStarted.signal()
        let deadline = Date(timeIntervalSinceNow: 5)
        while !handlerRan.withLock({ $0 }) && Date() < deadline { usleep(1_000) }
        return handlerRan.withLock { $0 }
    } onCancel: {
        handlerRan.withLock { $0 = true }
    }
}
await busyStarted.wait()
busy.cancel()
print("operation running, not suspended: onCancel ran while it ran: \(await busy.value)")
