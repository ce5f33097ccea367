// The field-broadcast exercise's probe: two consumers loop over their subscriptions
// while ten values are sent; the harness waits for the process to go idle, then reads what
// each consumer received. Nothing here depends on which consumer ran first.
import Exercise

enum Probe {
    static let values = Array(1...10)

    static func measure(_ property: FieldPropertyID) async throws -> Measured {
        switch property {
        case .streamEveryConsumerGetsEveryValue: try await everyValue()
        case .streamEndsForEveryConsumer: try await ends()
        case .streamForgetsAGoneSubscriber: try await forgets()
        default: Measured(holds: false, seen: "this exercise does not measure \(property.rawValue)")
        }
    }

    private static func consume(_ stream: AsyncStream<Int>, into got: Recorder<Int>) -> Task<Void, Never> {
        Task.detached { for await value in stream { got.add(value) } }
    }

    private static func everyValue() async throws -> Measured {
        let broadcaster = await MainActor.run { Broadcaster<Int>() }
        let streams = await MainActor.run { [broadcaster.subscribe(), broadcaster.subscribe()] }
        let got = [Recorder<Int>(), Recorder<Int>()]
        let loops = zip(streams, got).map { consume($0, into: $1) }
        try await Drive.untilQuiet("two consumers waiting")
        await MainActor.run { values.forEach(broadcaster.send) }
        try await Drive.untilQuiet("ten values sent to two consumers")
        loops.forEach { $0.cancel() }
        let seen = got.map(\.all)
        return Measured(holds: seen.allSatisfy { $0 == values },
                        seen: "sent \(values); consumer 1 got \(seen[0]), consumer 2 got \(seen[1])")
    }

    private static func ends() async throws -> Measured {
        let broadcaster = await MainActor.run { Broadcaster<Int>() }
        let streams = await MainActor.run { [broadcaster.subscribe(), broadcaster.subscribe()] }
        let got = [Recorder<Int>(), Recorder<Int>()], ended = Recorder<Int>()
        try await Drive.run("two consumers' loops after finish()") {
            await withTaskGroup(of: Void.self) { group in
                for index in streams.indices {
                    group.addTask {
                        for await value in streams[index] { got[index].add(value) }
                        ended.add(index)
                    }
                }
                group.addTask { await MainActor.run { values.forEach(broadcaster.send); broadcaster.finish() } }
            }
        }
        return Measured(holds: ended.all.count == 2, seen: "after finish(), \(ended.all.count) of 2 consumers' loops ended")
    }

    /// A third subscriber's loop is cancelled; after the next value, two remain.
    private static func forgets() async throws -> Measured {
        let broadcaster = await MainActor.run { Broadcaster<Int>() }
        let streams = await MainActor.run { (0..<3).map { _ in broadcaster.subscribe() } }
        let got = streams.map { _ in Recorder<Int>() }
        let loops = zip(streams, got).map { consume($0, into: $1) }
        try await Drive.untilQuiet("three consumers waiting")
        loops[2].cancel()
        try await Drive.untilQuiet("the third consumer cancelled")
        await MainActor.run { broadcaster.send(1) }
        try await Drive.untilQuiet("a value sent after the third went away")
        let count = await MainActor.run { broadcaster.subscriberCount }
        loops.forEach { $0.cancel() }
        return Measured(holds: count == 2,
                        seen: "three subscribed, the third's loop cancelled, a value sent: the broadcaster still sends to \(count)")
    }
}
