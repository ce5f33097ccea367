// source: https://github.com/romanmazeev/MRZScanner/issues/2
// flags: -swift-version 6
// expect: stream-next-on-two-tasks
// before: runs
// runs: consumer 1 got 3, consumer 2 got 3
// shape: (round 7, an unknown trap) two loops wait on one AsyncThrowingStream at once: Swift 6.3.1 stops the program as soon as the second waits (probe field-throwing-stream-consumers); the fix gives each consumer a stream of its own, fed by one owner
import Foundation

func count(_ stream: AsyncThrowingStream<Int, Error>) async throws -> Int {
    var seen = 0
    for try await _ in stream { seen += 1 }
    return seen
}

#if FIXED
@MainActor final class Broadcaster {
    private var subscribers: [AsyncThrowingStream<Int, Error>.Continuation] = []
    func subscribe() -> AsyncThrowingStream<Int, Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: Int.self)
        subscribers.append(continuation)
        return stream
    }
    func send(_ value: Int) { subscribers.forEach { $0.yield(value) } }
    func finish() { subscribers.forEach { $0.finish() } }
}
@main enum Run {
    @MainActor static func main() async throws {
        let readings = Broadcaster()
        let one = readings.subscribe(), two = readings.subscribe()
        async let first = count(one)
        async let second = count(two)
        for value in 1...3 { readings.send(value) }
        readings.finish()
        print("consumer 1 got \(try await first), consumer 2 got \(try await second)")
    }
}
#else
@main enum Run {
    static func main() async throws {
        let (readings, input) = AsyncThrowingStream.makeStream(of: Int.self)
        async let first = count(readings)
        async let second = count(readings)
        try await Task.sleep(for: .seconds(5))
        input.finish()
        print("no trap: \(try await first + second) values")
    }
}
#endif
