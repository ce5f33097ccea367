// The field-async-entry exercise's probe: each save parks at a gate the harness holds and
// goes on, in one of the explored orders, whenever the process has nothing left to run.
// What counts is which saves had finished when each `run` returned (one entry point, then
// three at once), and whether many entry points at once all finish. Apart: an entry point
// given no drinks must return, and saves that honour cancellation must all complete.
import Exercise
import Foundation

enum Probe {
    static func measure(_ property: FieldPropertyID) async throws -> Measured {
        switch property {
        case .entryAwaitsItsWork: try await Explore.each(awaitsItsWork)
        case .entryLeavesThePoolFree: try await leavesThePoolFree()
        case .entryReturnsWithNoWork: try await returnsWithNoWork()
        case .entryCancelsNoSave: try await Explore.each(cancelsNoSave)
        default: Measured(holds: false, seen: "this exercise does not measure \(property.rawValue)")
        }
    }

    /// Each entry point's own saves, all finished when it returned: alone, then three at once.
    private static func awaitsItsWork(_ schedule: Schedule) async throws -> Measured {
        for callers in [1, 3] {
            let gate = Gate(schedule), saved = Recorder<Int>(), lost = Recorder<String>()
            try await Drive.run("\(callers == 1 ? "one entry point" : "\(callers) entry points at once"), saves \(schedule)", release: gate.release) {
                await withTaskGroup(of: Void.self) { group in
                    for caller in 0..<callers {
                        group.addTask {
                            let drinks = (1...3).map { caller * 10 + $0 }
                            await Tool.run(drinks: drinks) { drink in
                                await gate.pass()
                                saved.add(drink)
                            }
                            let done = Set(saved.all)
                            let missing = drinks.filter { !done.contains($0) }
                            if !missing.isEmpty { lost.add("run \(caller + 1) returned before its saves \(missing) finished") }
                        }
                    }
                }
            }
            if let first = lost.all.first {
                return Measured(holds: false, seen: "\(callers == 1 ? "one entry point" : "\(callers) entry points at once"): when a run returned (the process would exit), \(first)")
            }
        }
        return Measured(holds: true, seen: "every run returned after its own saves had finished, alone and three at once")
    }

    /// No drinks is a list like any other: nothing to wait for, so the entry point returns.
    /// One that waits for a count of finished saves to reach the list's length waits for
    /// ever, and the harness reports the hang.
    private static func returnsWithNoWork() async throws -> Measured {
        let returned = Recorder<Bool>(), saves = Recorder<Int>()
        try await Drive.run("an entry point given no drinks") {
            await Tool.run(drinks: []) { drink in saves.add(drink) }
            returned.add(true)
        }
        return Measured(holds: returned.all.count == 1 && saves.all.isEmpty,
                        seen: "given no drinks, the entry point returned \(returned.all.count) time(s) and asked for \(saves.all.count) saves")
    }

    /// Saves that honour cancellation, as a network write does: each parks at the gate, then
    /// gives up if its task was cancelled meanwhile. Every one must save: the tool cancelling
    /// its own saves is work not done. Saves still parked when `run` returned are let go
    /// after, so this counts only cancellation (returning early is the signal's to judge).
    private static func cancelsNoSave(_ schedule: Schedule) async throws -> Measured {
        let gate = Gate(schedule), saved = Recorder<Int>(), cancelled = Recorder<Int>()
        let drinks = Array(1...5)
        try await Drive.run("one entry point, saves that honour cancellation, \(schedule)", release: gate.release) {
            await Tool.run(drinks: drinks) { drink in
                await gate.pass()
                if Task.isCancelled { cancelled.add(drink) } else { saved.add(drink) }
            }
        }
        try await Drive.untilQuiet("the saves left after run returned", release: gate.releaseAll)
        let gaveUp = cancelled.all.sorted()
        return Measured(holds: gaveUp.isEmpty && saved.all.count == drinks.count,
                        seen: "\(saved.all.count) of \(drinks.count) saves completed; \(gaveUp.count) saw their task cancelled \(gaveUp)")
    }

    /// More entry points at once than the pool has threads (one a core on Linux): an entry
    /// point that blocks its thread until a task signals leaves no thread for the tasks.
    private static func leavesThePoolFree() async throws -> Measured {
        let cores = max(ProcessInfo.processInfo.processorCount, ProcessInfo.processInfo.activeProcessorCount)
        let callers = 2 * cores + 2
        let gate = Gate(), finished = Recorder<Int>()
        try await Drive.run("\(callers) entry points at once, each waiting for its saves", release: gate.releaseAll) {
            await withTaskGroup(of: Void.self) { group in
                for caller in 0..<callers {
                    group.addTask {
                        await Tool.run(drinks: [1, 2, 3]) { _ in await gate.pass() }
                        finished.add(caller)
                    }
                }
            }
        }
        return Measured(holds: finished.all.count == callers, seen: "\(finished.all.count) of \(callers) entry points at once finished")
    }
}
