// probe: -swift-version 6
// Swift 6.4 only: `await` in a `defer` (SE-0493) and `withTaskCancellationShield` (SE-0504).
// The upload of field-cancel-cleanup, cancelled while it waits, with its close in an async
// `defer`: without a shield the close still sees the cancellation and gives up; inside one
// it runs, before the task returns. Swift 6.3.1 does not compile this file: the notes
// checker runs its block only with a 6.4 toolchain (CI's newest-toolchain job).
import Synchronization

/// A session whose `close()` throws in a cancelled task, as a network call would.
final class Session: Sendable {
    private let state = Mutex<(closes: Int, sawCancelled: [Bool])>((0, []))
    func close() async throws {
        state.withLock { $0.sawCancelled.append(Task.isCancelled) }
        try Task.checkCancellation()
        await Task.yield()
        state.withLock { $0.closes += 1 }
    }
    var closes: Int { state.withLock { $0.closes } }
    var sawCancelled: [Bool] { state.withLock { $0.sawCancelled } }
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

func upload(_ started: Started) async throws {
    started.signal()
    try await Task.sleep(for: .seconds(3600))
}

func uploadClosingInDefer(_ session: Session, _ started: Started) async throws {
    defer { try? await session.close() }              // SE-0493: awaited on every exit
    try await upload(started)
}

func uploadClosingInShieldedDefer(_ session: Session, _ started: Started) async throws {
    defer {
        await withTaskCancellationShield {            // SE-0504: the close sees no cancellation
            try? await session.close()
        }
    }
    try await upload(started)
}

for shielded in [false, true] {
    let session = Session(), started = Started()
    let task = Task {
        shielded ? try await uploadClosingInShieldedDefer(session, started) : try await uploadClosingInDefer(session, started)
    }
    await started.wait()
    task.cancel()
    _ = await task.result
    print("async defer \(shielded ? "in a shield" : "alone"): close saw the task cancelled: \(session.sawCancelled == [true]), closed when the task returned: \(session.closes == 1)")
}
