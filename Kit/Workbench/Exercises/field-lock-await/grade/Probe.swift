// The field-lock-await exercise's probe: two deposits' `confirm` park at a gate the harness
// holds. When the process goes idle the harness notes how many reached it, then lets them
// all go on; the balance says whether an update was lost. No verdict waits for time.
import Exercise

enum Probe {
    static func measure(_ property: FieldPropertyID) async throws -> Measured {
        let gate = Gate(), firstIdle = Recorder<Int>()
        let account = Account()
        try await Drive.run("two deposits, each suspended at the await of its confirm", release: {
            if firstIdle.all.isEmpty { firstIdle.add(gate.parked) }
            return gate.releaseAll()
        }) {
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await account.deposit(10) { await gate.pass() } }
                group.addTask { await account.deposit(20) { await gate.pass() } }
            }
        }
        let balance = await account.balance
        switch property {
        case .depositsLoseNoUpdate:
            return Measured(holds: balance == 30, seen: "deposits of 10 and 20, suspended together at the await: balance \(balance)")
        case .depositsOverlapAtTheAwait:
            let together = firstIdle.all.first ?? 0
            return Measured(holds: together == 2,
                            seen: "when the process first had nothing left to run, \(together) of 2 deposits had reached the await (the rest were waiting for a lock)")
        default:
            return Measured(holds: false, seen: "this exercise does not measure \(property.rawValue)")
        }
    }
}
