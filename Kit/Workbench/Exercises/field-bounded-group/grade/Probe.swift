// The field-bounded-group exercise's probe: every item parks at a gate the harness holds.
// Each time the process goes idle, the harness notes how many are parked (at work at once)
// and lets the oldest one finish, so the widths it sees do not depend on the machine's speed.
import Exercise
import Foundation

enum Probe {
    static let limit = 3
    /// More items than the limit plus the pool's threads (one a core on Linux; the larger of
    /// the cores configured and active, in case the pool counts the ones this process may not
    /// use): children that block their threads instead of suspending stall the pool, on any machine.
    static var count: Int {
        limit + max(ProcessInfo.processInfo.processorCount, ProcessInfo.processInfo.activeProcessorCount) + 2
    }

    struct Run {
        let widths: [Int]
        let most: Int
        let ran: [Int]
    }

    static func measure(_ property: FieldPropertyID) async throws -> Measured {
        let run = try await scenario()
        let n = count
        switch property {
        case .groupStaysWithinTheLimit:
            return Measured(holds: run.most <= limit,
                            seen: "\(n) items with limit \(limit): at most \(run.most) at work at once")
        case .groupUsesTheLimit:
            let expected = (0..<n).map { min(limit, n - $0) }
            // At least: more than the limit is the other property's failure.
            let full = run.widths.count == expected.count && zip(run.widths, expected).allSatisfy { $0 >= $1 }
            return Measured(holds: full,
                            seen: "at work at once, each time the process went idle (one item let finish each time): \(run.widths); a full group would show at least \(expected)")
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

    private static func scenario() async throws -> Run {
        let gate = Gate(), occupancy = Occupancy(), ran = Recorder<Int>(), widths = Recorder<Int>()
        let items = Array(0..<count)
        try await Drive.run("boundedForEach over \(items.count) items", release: {
            let parked = gate.parked
            if parked > 0 { widths.add(parked) }
            return gate.releaseOne()
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
