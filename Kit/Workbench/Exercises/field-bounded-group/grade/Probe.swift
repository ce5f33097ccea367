// The field-bounded-group exercise's probe: every item parks at a gate the harness holds.
// Each time the process goes idle, the harness notes how many are parked (at work at once)
// and lets items finish in one of the explored orders (the oldest first, the newest first,
// all at once, two at once, shuffled), so the widths it sees do not depend on the machine's
// speed, and an answer that is right only when items finish in the order they started fails.
import Exercise
import Foundation
import Synchronization

enum Probe {
    static let limit = 3
    /// More items than the limit plus the pool's threads (one a core on Linux; the larger of
    /// the cores configured and active, in case the pool counts the ones this process may not
    /// use): children that block their threads instead of suspending stall the pool, on any
    /// machine. Three rounds of the limit at least, so an order has room to go wrong.
    static var count: Int {
        2 * limit + max(ProcessInfo.processInfo.processorCount, ProcessInfo.processInfo.activeProcessorCount) + 2
    }

    struct Run {
        /// At each idle: how many were at work, and how many a full group would have.
        let widths: [(at: Int, full: Int)]
        let most: Int
        let ran: [Int]
    }

    /// Items for an order: where several finish at once, more rounds of it (three times the
    /// items), since a count that drifts when two finish together drifts in some rounds only.
    static func items(_ schedule: Schedule) -> Int {
        switch schedule.order {
        case .allAtOnce, .twoAtOnce: 3 * count
        default: count
        }
    }

    /// One run an order, shared by the three properties (the grade runs them in one process).
    nonisolated(unsafe) private static var runs: [String: Run] = [:]

    static func measure(_ property: FieldPropertyID) async throws -> Measured {
        let explored = try await eachOrder(property)
        guard explored.holds else { return explored }
        switch property {
        case .groupRunsEveryItemOnce:
            let few = try await Explore.each(Few.counts) { few in try await fewItems(few.count) }
            guard few.holds else { return few }
            let busy = await resumedAtOnce().everyOnce
            return busy.holds ? Measured(holds: true, seen: "\(explored.seen); \(few.seen); \(busy.seen)") : busy
        case .groupStaysWithinTheLimit:
            // The gated orders hand out slots one idle at a time; a slot taken in two steps
            // (a check, then a count) goes over only when children resume together.
            let busy = await resumedAtOnce().withinLimit
            return busy.holds ? Measured(holds: true, seen: "\(explored.seen); \(busy.seen)") : busy
        default:
            return explored
        }
    }

    /// The stress below, run once a process and judged for both properties.
    nonisolated(unsafe) private static var stressed: (everyOnce: Measured, withinLimit: Measured)?

    private static func resumedAtOnce() async -> (everyOnce: Measured, withinLimit: Measured) {
        if let stressed { return stressed }
        let outcome = await workersTakeTurnsAtOnce()
        stressed = outcome
        return outcome
    }

    /// Every item once, and never more at work than the limit, when the children resume beside
    /// each other: rounds of `items` items on threads of the harness's own (`Lanes`), no gate,
    /// each item's work a `Task.yield()`, so the group's children take the next item (and a
    /// slot) at the same moments thousands of times. A shared place in `items` read under one
    /// lock and moved on under another lets two take the same item; a free-slot count checked
    /// and then taken in two steps lets two take the last slot. The solution keeps both in
    /// every round. Rounds run until `wanted` of them had more than one item at work at once
    /// (counted), or an item runs twice or never, or more than the limit are at work (counted
    /// at every entry). Counts decide; no verdict waits for time.
    static func workersTakeTurnsAtOnce() async -> (everyOnce: Measured, withinLimit: Measured) {
        let items = 3_000, wanted = 60, most = 300, wide = 8
        Crash.during("with \(items) items on threads that resume at once")
        let outcome = await withCheckedContinuation { (done: CheckedContinuation<(rounds: Int, together: Int, bad: [Int: Int], widest: Int), Never>) in
            Thread {
                var rounds = 0, together = 0, bad: [Int: Int] = [:], widest = 0
                while together < wanted, rounds < most, bad.isEmpty, widest <= wide {
                    let round = busyRound(items: items, limit: wide)
                    rounds += 1
                    if round.most > 1 { together += 1 }
                    widest = max(widest, round.most)
                    bad = (0..<items).reduce(into: [:]) { bad, item in if round.runs[item] != 1 { bad[item] = round.runs[item] ?? 0 } }
                }
                done.resume(returning: (rounds, together, bad, widest))
            }.start()
        }
        Crash.during("measuring")
        let twice = outcome.bad.filter { $0.value > 1 }.keys.sorted(), never = outcome.bad.filter { $0.value == 0 }.keys.sorted()
        let how = "\(items) items with limit \(wide), resumed at once, \(outcome.rounds) rounds (\(outcome.together) with items at work together): "
        let everyOnce = Measured(holds: outcome.bad.isEmpty,
                                 seen: how + (outcome.bad.isEmpty ? "each item run once"
                                              : "in round \(outcome.rounds), \(twice.count) run more than once (first \(twice.prefix(5))), \(never.count) never run"))
        let withinLimit = Measured(holds: outcome.widest <= wide,
                                   seen: how + "at most \(outcome.widest) at work at once"
                                       + (outcome.widest > wide ? " (over the limit in round \(outcome.rounds))" : ""))
        return (everyOnce, withinLimit)
    }

    /// One round on fresh threads: how often each item ran, and the most at work at once.
    private static func busyRound(items: Int, limit: Int) -> (runs: [Int: Int], most: Int) {
        let lanes = Lanes(2 * limit + 2), runs = Mutex<[Int: Int]>([:]), occupancy = Occupancy()
        lanes.runAndWait {
            await boundedForEach(Array(0..<items), limit: limit) { item in
                occupancy.enter()
                runs.withLock { $0[item, default: 0] += 1 }
                await Task.yield()
                occupancy.leave()
            }
        }
        lanes.finish()
        return (runs.withLock { $0 }, occupancy.most)
    }

    /// Fewer items than the limit: none, one, and one short of it. Every item must still run
    /// once, and the call must return; an answer that fills `limit` slots by index reads past
    /// the end (a trap, which the crash finding reports with the count).
    struct Few: CustomStringConvertible {
        let count: Int
        static let counts = [0, 1, limit - 1].map(Few.init)
        var description: String { "\(count) item(s), fewer than the limit \(limit)" }
    }

    private static func fewItems(_ count: Int) async throws -> Measured {
        let gate = Gate(), ran = Recorder<Int>(), items = Array(0..<count)
        try await Drive.run("boundedForEach over \(count) item(s) with limit \(limit)", release: { gate.release() }) {
            await boundedForEach(items, limit: limit) { item in
                await gate.pass()
                ran.add(item)
            }
        }
        let sorted = ran.all.sorted()
        return Measured(holds: sorted == items, seen: "\(count) item(s): ran \(sorted)")
    }

    private static func eachOrder(_ property: FieldPropertyID) async throws -> Measured {
        try await Explore.each { schedule in
            let n = items(schedule)
            let run: Run
            if let done = runs[schedule.description] { run = done } else {
                run = try await scenario(schedule)
                runs[schedule.description] = run
            }
            switch property {
            case .groupStaysWithinTheLimit:
                return Measured(holds: run.most <= limit, seen: "\(n) items with limit \(limit): at most \(run.most) at work at once")
            case .groupUsesTheLimit:
                // At least: more than the limit is the other property's failure.
                let short = run.widths.first { $0.at < $0.full }
                return Measured(holds: short == nil,
                                seen: "at work at once, each time the process went idle: \(run.widths.map(\.at))"
                                    + (short.map { "; once \($0.at) while \($0.full) could have been (a full group would show at least \(run.widths.map(\.full)))" } ?? ""))
            case .groupRunsEveryItemOnce:
                let sorted = run.ran.sorted()
                let missing = Set(0..<n).subtracting(sorted).sorted()
                let twice = Set(sorted.filter { item in sorted.filter { $0 == item }.count > 1 }).sorted()
                return Measured(holds: sorted == Array(0..<n),
                                seen: "\(n) items: \(sorted.count) runs" + (missing.isEmpty ? "" : "; never run: \(missing)")
                                    + (twice.isEmpty ? "" : "; run more than once: \(twice)"))
            default:
                return Measured(holds: false, seen: "this exercise does not measure \(property.rawValue)")
            }
        }
    }

    private static func scenario(_ schedule: Schedule) async throws -> Run {
        let gate = Gate(schedule), occupancy = Occupancy(), ran = Recorder<Int>(), widths = Recorder<(at: Int, full: Int)>()
        let items = Array(0..<Self.items(schedule))
        try await Drive.run("boundedForEach over \(items.count) items, \(schedule)", release: {
            let parked = gate.parked
            if parked > 0 { widths.add((parked, min(limit, items.count - ran.all.count))) }
            return gate.release()
        }) {
            await boundedForEach(items, limit: limit) { item in
                occupancy.enter()
                await gate.pass()
                ran.add(item)
                occupancy.leave()
            }
        }
        return Run(widths: widths.all, most: occupancy.most, ran: ran.all)
    }
}
