import CoffeeModel
import Foundation
import SimSupport
import WatchKitSim

/// What every stage keeps when the user is quicker than the disk: a drink added while the
/// previous save is still being written reaches the disk too, after it, once.
extension Check {
    /// The first save's write is held on the simulated disk (where the app writes off the
    /// main thread; a write on main is never held, and has simply happened). The second
    /// drink is added, and the check waits for an event either way: the second save written
    /// past the held one (saves that overlap), or the app idle but for the held write (saves
    /// in order). Then the first write goes on, and the log, and a relaunch, must hold both.
    static let overlappingSavesKeepEveryDrink = Check(id: "overlapping-saves-keep-every-drink",
        "a drink added while the previous save is still being written is on disk after it, once"
    ) { app in
        // HealthKit off: every drink on the screen after the relaunch came from the disk.
        try await withRun(app, configure: { $0.health.isAvailable = false }) { run in
            try await run.waitUntilLaunched()
            let container = run.device.container
            let gate = container.holdNextWrite()
            // Open whatever happens, so that no later write of this run waits on it.
            defer { gate.open() }
            try await run.addDrink(.smallCoffee)
            try await waitUntil("the first save to be held or written") { gate.isHeld || container.fileWritten.count >= 1 }
            let writtenBefore = container.fileWritten.count
            try await run.addDrink(.blackTea)
            let rows = run.drinkRows
            await run.waitUntilIdle(holding: [gate]) { container.fileWritten.count > writtenBefore }
            gate.open()
            await run.quiesce()
            let saved = try readLog(from: run.device).map(\.mgCaffeine).sorted()
            let added = [DrinkType.smallCoffee, .blackTea].map(\.mgCaffeinePerServing).sorted()
            try expect(saved == added, "the log holds \(saved) mg after two overlapping saves, not \(added): "
                + (saved.count < added.count ? "a drink was lost on disk" : "a drink was written twice"))
            await run.relaunch()
            try await run.waitUntilLaunched()
            try await run.expectRows(rows, "both drinks, once each, after a relaunch")
        }
    }
}
