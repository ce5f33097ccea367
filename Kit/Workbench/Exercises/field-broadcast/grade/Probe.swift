// The field-broadcast exercise's probe: four subscribers loop over their streams; two
// senders send at once; subscribers leave and one joins between the sends, in explored
// orders (which leave, and when). After each step the harness waits for the process to go
// idle, then reads what each consumer received. Every subscriber that was listening must
// have received every value sent while it listened, in the order sent; one that left must be
// forgotten; finish() must end every loop still running. Apart, one subscriber stops reading
// while thousands of values are sent, and must still get them all. Nothing here depends on
// which consumer or sender ran first.
import Exercise

enum Probe {
    /// Which subscribers leave (by the order they subscribed): the first after the second
    /// send, the second after a fifth subscriber joined.
    struct Leaving: CustomStringConvertible {
        let first: Int, second: Int
        var description: String { "subscriber \(first + 1) leaving, then subscriber \(second + 1)" }
    }

    static let orders = [Leaving(first: 1, second: 2), Leaving(first: 3, second: 0), Leaving(first: 0, second: 4)]

    static func measure(_ property: FieldPropertyID) async throws -> Measured {
        if property == .streamKeepsALaggingConsumersValues { return try await lagging() }
        if property == .streamForgetsAGoneSubscriber {
            // The count is the answer's own word; what it still holds is measured apart.
            let counted = try await Explore.each(orders) { order in try await Day(order, finishing: false).forgets() }
            guard counted.holds else { return counted }
            let released = try await goneSubscriberReleased()
            return released.holds ? Measured(holds: true, seen: "\(counted.seen); \(released.seen)") : released
        }
        return try await Explore.each(orders) { order in
            let day = try await Day(order, finishing: property == .streamEndsForEveryConsumer)
            switch property {
            case .streamEveryConsumerGetsEveryValue: return day.everyValue()
            case .streamForgetsAGoneSubscriber: return day.forgets()
            case .streamEndsForEveryConsumer: return day.ends()
            default: return Measured(holds: false, seen: "this exercise does not measure \(property.rawValue)")
            }
        }
    }

    /// How many values a lagging subscriber falls behind by: far more than any backlog the
    /// other checks build (six), so a buffer that keeps only the newest few loses some.
    static let backlog = 10_000

    /// Two subscribers: one reads each value as it comes; the other reads the first, then
    /// stops (parked at a gate the harness holds) while the rest are sent in one main-actor
    /// job. Let go once the process is quiet, it must get every value, in order: the feed
    /// promises every value sent after `subscribe()`, however slow the reader.
    static func lagging() async throws -> Measured {
        let broadcaster = await MainActor.run { Broadcaster<Int>() }
        let gate = Gate(), live = Listener(), slow = Listener()
        let (liveStream, slowStream) = await MainActor.run { (broadcaster.subscribe(), broadcaster.subscribe()) }
        live.loop = Task.detached { for await value in liveStream { live.got.add(value) }; live.ended.add(true) }
        slow.loop = Task.detached {
            var first = true
            for await value in slowStream {
                slow.got.add(value)
                if first { first = false; await gate.pass() }
            }
            slow.ended.add(true)
        }
        try await Drive.untilQuiet("two subscribers waiting")
        await MainActor.run { broadcaster.send(1) }
        try await Drive.untilQuiet("the first value sent")
        await MainActor.run { for value in 2...backlog { broadcaster.send(value) } }
        try await Drive.untilQuiet("\(backlog - 1) more values sent, one subscriber not reading", release: gate.releaseAll)
        try await Drive.run("finish() with two loops running") {
            await MainActor.run { broadcaster.finish() }
            for listener in [live, slow] { await listener.loop?.value }
        }
        let sent = Array(1...backlog)
        for (name, listener) in [("the subscriber that fell behind", slow), ("the subscriber reading as values came", live)] where listener.got.all != sent {
            let got = listener.got.all, kept = Set(got)
            let missing = sent.filter { !kept.contains($0) }
            return Measured(holds: false, seen: "\(backlog) values sent; \(name) got \(got.count)"
                                + (missing.isEmpty ? ", out of order" : ", never got \(missing.count) (the first \(missing.prefix(3).map(String.init).joined(separator: ", ")))"))
        }
        return Measured(holds: true, seen: "a subscriber that stopped reading while \(backlog - 1) values were sent got every one, in order, once it read again")
    }

    /// A value of the probe's own, so the probe sees when the last reference to it goes.
    final class Reading: Sendable { let value: Int; init(_ value: Int) { self.value = value } }
    final class Watched: @unchecked Sendable { weak var reading: Reading? }

    /// A subscriber reads one value, stops at a gate while a second is sent (it waits in its
    /// stream's buffer), then leaves its loop without reading it. A value is sent after it
    /// left, and the process goes idle. The solution forgets the subscriber, so its stream and
    /// the unread value are freed; a broadcaster that keeps the gone subscriber's continuation
    /// (whatever its count says) keeps the stream's buffer, and every later send still goes to
    /// it. Freed or not is a weak reference, read at idle: no time.
    static func goneSubscriberReleased() async throws -> Measured {
        let broadcaster = await MainActor.run { Broadcaster<Reading>() }
        let gate = Gate(), watched = Watched(), ended = Recorder<Bool>()
        // The stream lives only in the loop's frame: a copy kept here would keep its buffer.
        Task.detached {
            let stream = await MainActor.run { broadcaster.subscribe() }
            for await _ in stream { await gate.pass(); break }
            ended.add(true)
        }
        try await Drive.untilQuiet("one subscriber waiting")
        await MainActor.run { broadcaster.send(Reading(1)) }
        try await Drive.untilQuiet("the first value sent")
        await MainActor.run {
            let unread = Reading(2)
            watched.reading = unread
            broadcaster.send(unread)
        }
        try await Drive.untilQuiet("the subscriber leaving with a value unread", release: gate.releaseAll)
        await MainActor.run { broadcaster.send(Reading(3)) }
        try await Drive.untilQuiet("a value sent after it left")
        let kept = watched.reading != nil
        return Measured(holds: !ended.all.isEmpty && !kept,
                        seen: kept ? "a subscriber left its loop with one value unread, and another was sent: the broadcaster still holds its stream (the unread value was never freed)"
                                   : "a subscriber that left its loop with a value unread was let go (its stream and the value freed)")
    }

    /// One subscriber: its loop, what it received, and when it listened (the sends between).
    final class Listener: @unchecked Sendable {
        let got = Recorder<Int>(), ended = Recorder<Bool>()
        var loop: Task<Void, Never>?
        /// Indexes into the sends: from the first sent after it subscribed, to the last sent before it left.
        var from = 0, until: Int?
    }

    struct Day {
        let listeners: [Listener]
        let sent: [Int]
        let counts: [(expected: Int, seen: Int)]

        init(_ order: Leaving, finishing: Bool) async throws {
            let broadcaster = await MainActor.run { Broadcaster<Int>() }
            let sent = Recorder<Int>()
            var listeners: [Listener] = []
            var counts: [(Int, Int)] = []
            func join() async throws {
                let listener = Listener(), stream = await MainActor.run { broadcaster.subscribe() }
                listener.from = sent.all.count
                listener.loop = Task.detached { for await value in stream { listener.got.add(value) }; listener.ended.add(true) }
                listeners.append(listener)
                try await Drive.untilQuiet("subscriber \(listeners.count) waiting")
            }
            func leave(_ index: Int) async throws {
                listeners[index].until = sent.all.count
                listeners[index].loop?.cancel()
                try await Drive.untilQuiet("subscriber \(index + 1) leaving")
            }
            /// Two senders at once, each its own values in order, a main-actor hop a value.
            func send(_ round: Int) async throws {
                await withTaskGroup(of: Void.self) { group in
                    for sender in [0, 100] {
                        group.addTask {
                            for value in (1...3).map({ sender + round * 10 + $0 }) {
                                await MainActor.run { broadcaster.send(value); sent.add(value) }
                            }
                        }
                    }
                }
                try await Drive.untilQuiet("round \(round) sent")
                let live = listeners.filter { $0.until == nil }.count
                counts.append((live, await MainActor.run { broadcaster.subscriberCount }))
            }
            for _ in 0..<4 { try await join() }
            try await send(1)
            try await leave(order.first)
            try await send(2)
            try await join()
            try await send(3)
            try await leave(order.second)
            try await send(4)
            let running = listeners.filter { $0.until == nil }
            if finishing {
                // The loops still running must end after finish(): awaited under the harness, so
                // a loop that never ends is a hang finding, not a wait for ever.
                try await Drive.run("finish() with \(running.count) loops running") {
                    await MainActor.run { broadcaster.finish() }
                    for listener in running { await listener.loop?.value }
                }
            } else {
                running.forEach { $0.loop?.cancel() }
                try await Drive.untilQuiet("the loops cancelled")
            }
            self.listeners = listeners
            self.sent = sent.all
            self.counts = counts
        }

        func everyValue() -> Measured {
            for (index, listener) in listeners.enumerated() where listener.until == nil {
                let owed = Array(sent[listener.from...])
                if listener.got.all != owed {
                    let missing = owed.filter { !listener.got.all.contains($0) }
                    return Measured(holds: false, seen: "subscriber \(index + 1), listening all along since it joined, was sent \(owed) and got \(listener.got.all)"
                                        + (missing.isEmpty ? " (out of order)" : "; never got \(missing)"))
                }
            }
            return Measured(holds: true, seen: "every subscriber still listening got every value sent since it joined, in order, from two senders at once")
        }

        func forgets() -> Measured {
            let wrong = counts.enumerated().first { $0.element.expected != $0.element.seen }
            return Measured(holds: wrong == nil,
                            seen: "subscribers listening after each round of sends: \(counts.map(\.expected)); the broadcaster said it still sends to \(counts.map(\.seen))")
        }

        func ends() -> Measured {
            let running = listeners.filter { $0.until == nil }
            let ended = running.filter { !$0.ended.all.isEmpty }.count
            return Measured(holds: ended == running.count, seen: "after finish(), \(ended) of \(running.count) running loops ended")
        }
    }
}
