// probe: -swift-version 6
// What URLSession's bytes(for:) and its .lines give you: a body read line by line as it
// arrives, and a transfer that ends when the reading task is cancelled. Linux's
// FoundationNetworking has no bytes(for:), so here the body is an AsyncStream of chunks,
// cut into lines by a small AsyncSequence of our own.

struct Lines: AsyncSequence {
    let chunks: AsyncStream<[UInt8]>
    struct AsyncIterator: AsyncIteratorProtocol {
        var source: AsyncStream<[UInt8]>.Iterator
        var pending: [UInt8] = []
        mutating func next() async -> String? {
            while true {
                if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    defer { pending.removeSubrange(...newline) }
                    return String(decoding: pending[..<newline], as: UTF8.self)
                }
                guard let chunk = await source.next() else { return nil }
                pending += chunk
            }
        }
    }
    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(source: chunks.makeAsyncIterator()) }
}

// The body arrives in chunks; a line can span two of them.
let (body, server) = AsyncStream.makeStream(of: [UInt8].self)
server.onTermination = { reason in print("server: transfer ended (\(reason))") }
let (taken, took) = AsyncStream.makeStream(of: String.self)
let reading = Task {
    for await line in Lines(chunks: body) {
        print("reader: \(line)")
        took.yield(line)
    }
    print("reader: loop ended")
}
func send(_ chunks: [String]) async {
    var lines = taken.makeAsyncIterator()
    for chunk in chunks {
        print("server: sends \(chunk.debugDescription)")
        server.yield(Array(chunk.utf8))
        _ = await lines.next()                           // wait for the line it completes
    }
}
await send(["espresso\nlat", "te\nmoc"])
reading.cancel()                                          // the user left the screen
await reading.value
print("server: the next chunk is \(server.yield(Array("ha\n".utf8)))")
