import WatchKitSim

extension Explorer {
    /// Plays every order of the day of `seed`'s shape (`DayAction.plan`), depth first over
    /// the tree of choices, until none is left or `limit` days are played: systematic
    /// where the day is small (the short shapes: a handful of actions and the answers they
    /// wait on). Each finding's `order` replays it (`tracker --seed S --order …`); its
    /// `seed` names the shape, not a seeded day. `distinctOrders` says how many were tried,
    /// and `schedules == distinctOrders` with fewer than `limit` means every one.
    public static func everyOrder(_ app: any WatchApp.Type, ofSeed seed: UInt64, limit: Int) async throws -> Exploration {
        var path: [Int] = []
        var orders = Set<[String]>()
        var first: [String: ExplorationFinding] = [:]
        var played = 0
        while played < limit {
            let outcome = try await play(app, seed: seed, chooser: Chooser(path: path))
            played += 1
            orders.insert(outcome.order)
            for finding in outcome.findings(seed: seed) where first[finding.key] == nil { first[finding.key] = finding }
            guard let next = nextPath(taken: outcome.taken, widths: outcome.widths) else { break }
            path = next
        }
        let findings = first.values.sorted { $0.key < $1.key }
        return Exploration(schedules: played, distinctOrders: orders.count, findings: findings)
    }

    /// The next path depth first: the deepest choice with an option left, advanced by one.
    static func nextPath(taken: [Int], widths: [Int]) -> [Int]? {
        var taken = taken
        var widths = widths
        while let last = taken.last, last + 1 >= widths.last! {
            taken.removeLast()
            widths.removeLast()
        }
        guard !taken.isEmpty else { return nil }
        taken[taken.count - 1] += 1
        return taken
    }
}
