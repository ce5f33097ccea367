// The field-lock-await exercise's probe: two deposits' `confirm` park at a gate the harness
// holds. At each idle the harness lets the deposits go in one of the explored orders (the
// oldest first, the newest first, both at once, ...); the balance says whether an update was
// lost in that order. The first idle says whether both reached the await. No verdict waits
// for time.
import Exercise

enum Probe {
    static func measure(_ property: FieldPropertyID) async throws -> Measured {
        switch property {
        case .depositsLoseNoUpdate:
            return try await Explore.each { schedule in
                let balance = try await deposits(schedule).balance
                return Measured(holds: balance == 30, seen: "deposits of 10 and 20, suspended together at the await: balance \(balance)")
            }
        case .depositsOverlapAtTheAwait:
            let together = try await deposits(Schedule(order: .allAtOnce)).together
            return Measured(holds: together == 2,
                            seen: "when the process first had nothing left to run, \(together) of 2 deposits had reached the await (the rest were waiting for a lock)")
        default:
            return Measured(holds: false, seen: "this exercise does not measure \(property.rawValue)")
        }
    }

    private static func deposits(_ schedule: Schedule) async throws -> (balance: Int, together: Int) {
        let gate = Gate(schedule), firstIdle = Recorder<Int>()
        let account = Account()
        try await Drive.run("two deposits, each suspended at the await of its confirm, \(schedule)", release: {
            if firstIdle.all.isEmpty { firstIdle.add(gate.parked) }
            return gate.release()
        }) {
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await account.deposit(10) { await gate.pass() } }
                group.addTask { await account.deposit(20) { await gate.pass() } }
            }
        }
        return (await account.balance, firstIdle.all.first ?? 0)
    }
}
