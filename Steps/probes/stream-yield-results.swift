// probe: -swift-version 6
// What `AsyncStream.Continuation.yield` returns (SE-0314): `.enqueued` for a stream that
// is held but not read, which keeps every value in its buffer; `.terminated` only once
// the stream has ended: here because its consumer's task was cancelled, or because no one
// holds the stream any more.
func describe(_ result: AsyncStream<Int>.Continuation.YieldResult) -> String {
    switch result {
    case .enqueued: "enqueued"
    case .dropped: "dropped"
    case .terminated: "terminated"
    @unknown default: "unknown"
    }
}

// Held, never read.
let (held, heldInput) = AsyncStream.makeStream(of: Int.self)
let heldResults = (1...3).map { describe(heldInput.yield($0)) }
print("held, never read, 3 yields: \(heldResults)")

// Read by a task that is then cancelled: its loop ends, and the stream with it.
let (read, readInput) = AsyncStream.makeStream(of: Int.self)
let ended = AsyncStream.makeStream(of: Void.self)
readInput.onTermination = { _ in ended.continuation.finish() }
let consumer = Task {
    for await _ in read {}
}
consumer.cancel()
for await _ in ended.stream {}                    // waits for onTermination: an event, not time
print("its consumer's task cancelled: \(describe(readInput.yield(1)))")

// Dropped: the last reference to the stream goes.
func makeAndDrop() -> AsyncStream<Int>.Continuation {
    let (stream, input) = AsyncStream.makeStream(of: Int.self)
    _ = stream
    return input
}
print("the stream dropped: \(describe(makeAndDrop().yield(1)))")
withExtendedLifetime(held) {}
