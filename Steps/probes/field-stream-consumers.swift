// probe: -swift-version 6
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
    private var subscribers: [AsyncStream<Element>.Continuation] = []
    func subscribe() -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream.makeStream(of: Element.self)
        subscribers.append(continuation)
        return stream
    }
    func send(_ element: Element) { subscribers.forEach { $0.yield(element) } }
    func finish() { subscribers.forEach { $0.finish() } }
}
let hub = Broadcaster<Int>()
let one = hub.subscribe(), two = hub.subscribe()     // subscribe before the first send
async let x = collect(one)
async let y = collect(two)
for value in 1...10 { hub.send(value) }
hub.finish()
print("broadcaster: consumer 1 got \(await x.count), consumer 2 got \(await y.count)")
