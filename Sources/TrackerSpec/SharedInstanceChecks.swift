import CoffeeModel
import SimSupport
import WatchKitSim

/// The complication controller reaches the model through `CoffeeData.shared`, because the
/// runtime makes it from its class. One process launches many apps (a relaunch, another
/// watch), so the shared instance must be each launch's own model: never one an earlier
/// launch left behind, on screen, on the complication or on disk.
extension Check {
    static let eachLaunchSharesItsOwnModel = Check(id: "each-launch-shares-its-own-model",
        "each launch's screen and complication show that launch's model: after a relaunch and on another watch"
    ) { app in
        try await withRun(app) { first in
            try await first.waitUntilLaunched()
            try await first.addDrink(.latte)
            try await first.waitForSaves(1)

            await first.relaunch()
            try await first.waitUntilLaunched()
            try await first.expectRows(["07:00  128 mg"], "the latte once after a relaunch")
            try expect(
                first.runtime.complicationServer.currentEntry?.text == "128 mg",
                "the relaunched complication shows the relaunched model: \(first.complicationText)")

            // The first watch's app ends; its model must not reach the next launch.
            await first.quiesce()
            first.runtime.terminate()

            try await withRun(app) { second in
                try await second.waitUntilLaunched()
                try await second.expectRows([], "a new watch starts with no drinks")
                try expect(
                    second.runtime.complicationServer.currentEntry?.text == "0 mg",
                    "a new watch's complication shows its own model: \(second.complicationText)")
                try await second.addDrink(.singleEspresso)
                try await waitUntil("the new watch's complication to show 64 mg") {
                    second.runtime.complicationServer.currentEntry?.text == "64 mg"
                }
                try await second.expectRows(["07:00  64 mg"], "the espresso once on the new watch")
                try await second.waitForSaves(1)
                try expect(try readLog(from: second.device).count == 1, "the new watch's log holds its one drink")
            }

            let firstLog = try readLog(from: first.device)
            try expect(
                firstLog.map(\.mgCaffeine) == [128],
                "the first watch's log keeps its latte, and nothing of the second watch: \(firstLog)")
        }
    }
}

extension AppRun {
    /// What the complication shows, for a failure message.
    var complicationText: String { runtime.complicationServer.currentEntry?.text ?? "nothing" }
}
