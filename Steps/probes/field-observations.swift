// probe: -swift-version 6
// Observations (SE-0475): a main-actor @Observable model's changes as an async sequence,
// beside the withObservationTracking loop it replaces. Every step waits for the value it
// caused before the next, so the output is fixed by events, not by the clock.
import Dispatch
import Observation

let mainKey = DispatchSpecificKey<Bool>()
DispatchQueue.main.setSpecific(key: mainKey, value: true)
func onMainQueue() -> Bool { DispatchQueue.getSpecific(key: mainKey) ?? false }

@MainActor @Observable final class Tally {
    var cups = 0
    var mg = 0
}

/// What an observing loop received, and a way to wait for its next value.
@MainActor final class Inbox {
    var values: [String] = []
    private var waiter: (count: Int, done: CheckedContinuation<Void, Never>)?
    func add(_ value: String) {
        values.append(value)
        if let waiter, values.count >= waiter.count { waiter.done.resume(); self.waiter = nil }
    }
    /// Returns once the loop has received `count` values since the last `take()`.
    func received(_ count: Int) async {
        if values.count >= count { return }
        await withCheckedContinuation { waiter = (count, $0) }
    }
    func take() -> [String] { defer { values = [] }; return values }
}

@MainActor func observations() async {
    let tally = Tally()
    let inbox = Inbox()
    var closureRuns: [Bool] = []
    let loop = Task {
        let values = Observations {
            closureRuns.append(onMainQueue())
            return "\(tally.cups) cups \(tally.mg) mg"
        }
        for await value in values { inbox.add(value) }
        inbox.add("loop ended")
    }
    await inbox.received(1)
    print("first value, before any change: \(inbox.take())")

    tally.cups = 1; tally.mg = 95; tally.cups = 2; tally.mg = 190   // one main-actor job
    await inbox.received(1)
    print("4 sets in one job delivered: \(inbox.take())")

    for cups in 3...4 {
        tally.cups = cups                                 // a job of its own each
        await inbox.received(cups - 2)
    }
    print("2 sets in 2 jobs delivered: \(inbox.take())")
    print("the closure ran on the main queue: \(closureRuns.allSatisfy { $0 }) (\(closureRuns.count) runs)")

    loop.cancel()
    await inbox.received(1)
    print("after loop.cancel(): \(inbox.take())")
}

@MainActor func untilFinished() async {
    let tally = Tally()
    let inbox = Inbox()
    let loop = Task {
        let values = Observations.untilFinished { () -> Observations<String, Never>.Iteration in
            tally.cups < 2 ? .next("\(tally.cups) cups") : .finish
        }
        for await value in values { inbox.add(value) }
        inbox.add("loop ended")
    }
    await inbox.received(1)
    for cups in 1...2 {
        tally.cups = cups
        await inbox.received(cups + 1)
    }
    await loop.value
    print("untilFinished, sets 1, 2: \(inbox.take())")
}

/// A model with no actor, owned by an actor: the closure runs where the sequence was made
/// (SE-0475 captures the creating context's isolation), here on that actor.
@Observable final class Counter { var cups = 0 }

actor Ledger {
    let counter = Counter()
    func watch() async -> [String] {
        let values = Observations {
            self.preconditionIsolated("the closure runs on the actor that made the sequence")
            return "\(self.counter.cups) cups"
        }
        var seen: [String] = []
        for await value in values {
            seen.append(value)
            if seen.count == 2 { break }
            counter.cups += 1
        }
        return seen
    }
}

/// The loop SE-0475 replaces: onChange fires once, so it re-registers from inside.
@MainActor func reRegistering(_ tally: Tally, into read: @escaping @MainActor (Int) -> Void) {
    withObservationTracking {
        _ = tally.cups
    } onChange: {
        MainActor.assumeIsolated {
            read(tally.cups)                              // runs in willSet: the old value
            reRegistering(tally, into: read)
        }
    }
}

@MainActor func trackingLoop() async {
    let tally = Tally()
    var read: [Int] = []
    reRegistering(tally) { read.append($0) }
    for cups in 1...3 {
        tally.cups = cups
        await Task.yield()
    }
    print("withObservationTracking loop, sets 1, 2, 3: read \(read), last value seen: \(read.contains(3))")
}

await observations()
await untilFinished()
print("made in an actor's method, over a plain model it owns: \(await Ledger().watch()), closure on that actor")
await trackingLoop()
