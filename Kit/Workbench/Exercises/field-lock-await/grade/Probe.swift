// The field-lock-await exercise's probe: two deposits' `confirm` park at a gate the harness
// holds. At each idle the harness lets the deposits go in one of the explored orders (the
// oldest first, the newest first, both at once, ...); the balance says whether an update was
// lost in that order. The first idle says whether both reached the await. No verdict waits
// for time.
import Exercise
import Foundation
import Synchronization

enum Probe {
    static func measure(_ property: FieldPropertyID) async throws -> Measured {
        switch property {
        case .depositsLoseNoUpdate:
            let ordered = try await Explore.each { schedule in
                let balance = try await deposits(schedule).balance
                return Measured(holds: balance == 30, seen: "deposits of 10 and 20, suspended together at the await: balance \(balance)")
            }
            guard ordered.holds else { return ordered }
            let many = await manyResumeAtOnce()
            return many.holds ? Measured(holds: true, seen: "\(ordered.seen); \(many.seen)") : many
        case .depositsOverlapAtTheAwait:
            let together = try await deposits(Schedule(order: .allAtOnce)).together
            return Measured(holds: together == 2,
                            seen: "when the process first had nothing left to run, \(together) of 2 deposits had reached the await (the rest were waiting for a lock)")
        case .depositsCountOnceConfirmed:
            return try await Explore.each { schedule in
                let reads = try await readsWhilePending(schedule)
                let early = reads.first { $0.balance > $0.confirmed }
                return Measured(holds: !reads.isEmpty && early == nil,
                                seen: early.map { "deposits of 10 and 20 held at their confirm: the balance read \($0.balance) when \($0.confirmed) had been confirmed" }
                                    ?? "deposits of 10 and 20 held at their confirm: \(reads.count) balances read between releases, none above what was confirmed")
            }
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

    /// The balance read at idles between releases, each beside the sum of the deposits whose
    /// confirm had resumed by the time the read returned. The solution adds only after its
    /// confirm returns, so in every order its balance is never above that sum; an answer that
    /// adds before the await shows money the bank has not approved. Reads alternate with
    /// releases, so a read that blocks (a lock held across the await) does not stop the day.
    private static func readsWhilePending(_ schedule: Schedule) async throws -> [(balance: Int, confirmed: Int)] {
        let gate = Gate(schedule), confirmed = Mutex(0), readNext = Mutex(true)
        let reads = Recorder<(balance: Int, confirmed: Int)>()
        let account = Account()
        try await Drive.run("two deposits held at their confirm, the balance read while they wait, \(schedule)", release: {
            guard gate.parked > 0, readNext.withLock({ read in defer { read.toggle() }; return read }) else { return gate.release() }
            Task {
                let balance = await account.balance
                reads.add((balance, confirmed.withLock { $0 }))
            }
            return 1
        }) {
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await account.deposit(10) { await gate.pass(); confirmed.withLock { $0 += 10 } } }
                group.addTask { await account.deposit(20) { await gate.pass(); confirmed.withLock { $0 += 20 } } }
            }
        }
        return reads.all
    }

    /// Every deposit counts when many resume at once: each round, `tasks` tasks on threads of
    /// their own (`Lanes`) deposit 1 again and again, each `confirm` a `Task.yield()`, so the
    /// tasks resume beside each other thousands of times. Two steps after the await (a read
    /// under the lock, then a write under it; an atomic load, then a store) let another
    /// deposit in between, and the balance comes up short. Rounds run until `wanted` of them
    /// had tasks running at the same moment (two confirms seen inside at once, ten times:
    /// counted, so a loaded machine that let the tasks take turns on one core earns no
    /// round), or one round loses a deposit. Counts decide; no verdict waits for time.
    static func manyResumeAtOnce() async -> Measured {
        let tasks = 8, each = 1_000, wanted = 40, most = 150
        Crash.during("with \(tasks) tasks depositing \(each) times each at once")
        let outcome = await withCheckedContinuation { (done: CheckedContinuation<(rounds: Int, together: Int, short: Int), Never>) in
            Thread {
                var rounds = 0, together = 0, short = 0
                while together < wanted, rounds < most, short == 0 {
                    let round = depositRound(tasks: tasks, each: each)
                    rounds += 1
                    if round.interleaved { together += 1 }
                    short = tasks * each - round.balance
                }
                done.resume(returning: (rounds, together, short))
            }.start()
        }
        Crash.during("measuring")
        let total = tasks * each
        return Measured(holds: outcome.short == 0,
                        seen: outcome.short == 0
                            ? "\(tasks) tasks depositing 1, \(each) times each, resumed at once in \(outcome.together) of \(outcome.rounds) rounds: every balance \(total)"
                            : "\(tasks) tasks depositing 1, \(each) times each, resumed at once: balance \(total - outcome.short) of \(total) in round \(outcome.rounds) (\(outcome.short) deposits lost)")
    }

    /// One round on fresh threads: the balance, and whether the tasks' confirms interleaved.
    private static func depositRound(tasks: Int, each: Int) -> (balance: Int, interleaved: Bool) {
        let lanes = Lanes(tasks), account = Account(), inside = Atomic<Int>(0), beside = Atomic<Int>(0)
        let finished = DispatchGroup(), balance = Mutex(0)
        for _ in 0..<tasks {
            finished.enter()
            Task(executorPreference: lanes) {
                for _ in 0..<each {
                    await account.deposit(1) {
                        // Two confirms inside these lines at once: two threads running at the same moment.
                        if inside.wrappingAdd(1, ordering: .relaxed).oldValue > 0 { beside.wrappingAdd(1, ordering: .relaxed) }
                        inside.wrappingSubtract(1, ordering: .relaxed)
                        await Task.yield()
                    }
                }
                finished.leave()
            }
        }
        finished.wait()
        lanes.runAndWait { let read = await account.balance; balance.withLock { $0 = read } }
        lanes.finish()
        // Taking turns on one core, no two confirms are ever inside at once.
        return (balance.withLock { $0 }, beside.load(ordering: .relaxed) >= 10)
    }
}
