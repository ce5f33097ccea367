// probe: -swift-version 6
// watch: SE-0314 and Apple's documentation say a contending next() ends in fatalError(); 6.3.1's AsyncStream queues the loops instead
// One AsyncStream, two consumers: each element goes to one of them, never to both.
// A broadcaster gives each subscriber a stream of its own and yields to every one.

// The problem: two loops over the same stream (copies of one stream share its buffer).
let (readings, input) = AsyncStream.makeStream(of: Int.self)
func collect(_ stream: AsyncStream<Int>) async -> [Int] {
    var got: [Int] = []
    for await value in stream { got.append(value) }
    return got
}
async let first = collect(readings)
async let second = collect(readings)
for value in 1...10 {
    input.yield(value)
    await Task.yield()
}
input.finish()
let (a, b) = await (first, second)
print("shared stream: each value delivered once: \((a + b).sorted() == Array(1...10));",
      "both consumers saw every value: \(a.count == 10 && b.count == 10)")

// The fix: one continuation per subscriber, and every value yielded to each.
@MainActor final class Broadcaster<Element: Sendable> {
    private var subscribers: [Int: AsyncStream<Element>.Continuation] = [:]
    private var nextID = 0
    func subscribe() -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream.makeStream(of: Element.self)
        let id = nextID
        nextID += 1
        subscribers[id] = continuation
        continuation.onTermination = { [weak self] _ in  // the subscriber stopped: forget it
            Task { @MainActor in self?.subscribers[id] = nil }
        }
        return stream
    }
    func send(_ element: Element) { subscribers.values.forEach { $0.yield(element) } }
    func finish() { subscribers.values.forEach { $0.finish() } }
    var count: Int { subscribers.count }
}
let hub = Broadcaster<Int>()
let one = hub.subscribe(), two = hub.subscribe()     // subscribe before the first send
async let x = collect(one)
async let y = collect(two)
// A third screen subscribes, then goes away: its loop's task is cancelled.
let gone = Task { [stream = hub.subscribe()] in for await _ in stream {} }
gone.cancel()
await gone.value
await Task { @MainActor in }.value                   // after the hop that forgets it
print("broadcaster: subscribers after one went away: \(hub.count)")
for value in 1...10 { hub.send(value) }
hub.finish()
print("broadcaster: consumer 1 got \(await x.count), consumer 2 got \(await y.count)")
