// The field-async-entry exercise's probe: each save parks at a gate the harness holds and
// lets go whenever the process has nothing left to run. What counts is how many saves had
// finished when `run` returned, and whether many entry points at once all finish.
import Exercise
import Foundation

enum Probe {
    static let drinks = [1, 2, 3]

    static func measure(_ property: FieldPropertyID) async throws -> Measured {
        switch property {
        case .entryAwaitsItsWork: try await awaitsItsWork()
        case .entryLeavesThePoolFree: try await leavesThePoolFree()
        default: Measured(holds: false, seen: "this exercise does not measure \(property.rawValue)")
        }
    }

    private static func awaitsItsWork() async throws -> Measured {
        let gate = Gate(), saved = Recorder<Int>(), atReturn = Recorder<[Int]>()
        try await Drive.run("Tool.run", release: gate.releaseAll) {
            await Tool.run(drinks: drinks) { drink in
                await gate.pass()
                saved.add(drink)
            }
            atReturn.add(saved.all)
        }
        let done = atReturn.all.first ?? []
        return Measured(holds: done.sorted() == drinks,
                        seen: "when run returned (the process would exit), \(done.count) of \(drinks.count) saves had finished: \(done.sorted())")
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
                        await Tool.run(drinks: drinks) { _ in await gate.pass() }
                        finished.add(caller)
                    }
                }
            }
        }
        return Measured(holds: finished.all.count == callers, seen: "\(finished.all.count) of \(callers) entry points at once finished")
    }
}
