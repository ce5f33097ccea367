import CoffeeModel
import Foundation
import SimSupport
import WatchKitSim
import TrackerSpec

/// One simulated day on the watch (`swift run tracker`): printed as it happens, or, when it
/// records its timeline, played quietly and returned as the timeline of where it ran.
@MainActor
public struct WatchDay {
    let stage: Stage
    let app: any WatchApp.Type
    let diskDelay: Duration
    /// Record where the work ran and stay quiet; `run()` returns the timeline.
    let recordsTimeline: Bool

    public init(stage: Stage, app: any WatchApp.Type, diskDelay: Duration, recordsTimeline: Bool = false) {
        self.stage = stage
        self.app = app
        self.diskDelay = diskDelay
        self.recordsTimeline = recordsTimeline
    }

    /// Plays the day; returns its timeline when it records one.
    @discardableResult
    public func run() async throws -> Timeline? {
        if !recordsTimeline { print("Coffee Tracker, \(stage)\n") }
        return try await OneAppAtATime.shared.run { @MainActor in
            let run = try AppRun(app) {
                $0.diskDelay = diskDelay
                $0.timeline = recordsTimeline ? TimelineRecorder(executor: Executors.chosen()) : nil
            }
            try await run.finish(after: play)
            return run.device.timeline.map {
                // The tracker's own test for a refresh's stall: at least half a disk write.
                Timeline(title: "\(stage)", recorder: $0, stallThreshold: max(diskDelay / 2, .milliseconds(2)))
            }
        }
    }

    private func play(_ run: AppRun) async throws {
        var longestRefreshStall = Duration.zero

        step(run, "Launch: the app asks for Health access and loads its drinks")
        try await run.waitUntilLaunched()
        show(run)

        step(run, "You log an espresso")
        try await run.addDrink(.singleEspresso)
        show(run)

        run.device.clock.advance(by: 60 * 60)
        var otherDrink: UUID?
        step(run, "Another app logs a 95 mg coffee in Health; watchOS wakes the app for a background refresh")
        longestRefreshStall = max(longestRefreshStall, try await refresh(run) {
            otherDrink = run.addSampleFromAnotherApp(mg: 95, minutesAgo: 20)
        })
        run.runtime.enterForeground()
        show(run)

        run.device.clock.advance(by: 90 * 60)
        step(run, "You log a latte")
        try await run.addDrink(.latte)
        show(run)

        run.device.clock.advance(by: 3 * 60 * 60)
        step(run, "The other app deletes its coffee; another background refresh")
        longestRefreshStall = max(longestRefreshStall, try await refresh(run) {
            if let otherDrink { run.health.deleteSample(uuid: otherDrink) }
        })
        run.runtime.enterForeground()
        show(run)

        run.device.clock.advance(by: 6 * 60 * 60)
        step(run, "Evening: the app is relaunched and reloads its drinks from disk")
        try await run.waitForSaves(1)
        let record = run.record
        await run.relaunch()
        try await run.waitUntilLaunched()
        show(run)

        report(record, longestRefreshStall: longestRefreshStall)
    }

    /// Lets the other app make its `change` in Health, delivers a background refresh, and
    /// returns the longest main-thread stall during it. The live query's report of the
    /// change is held until the refresh is done, so the refresh brings the change on every
    /// machine, however fast: a report that beat it would leave it nothing to save. (The
    /// refresh stops the live query, whose held report is then dropped.)
    private func refresh(_ run: AppRun, after change: () -> Void) async throws -> Duration {
        // First what is on its way (the report of the app's own drink saved to Health, say):
        // a hold takes the next update to run, which must be the report of `change`.
        await run.quiesce()
        let report = run.health.hold(.update)
        defer { report.open() }
        change()
        run.runtime.enterBackground()
        run.runtime.resetStallMeasurement()
        try await run.refreshInBackground()
        await run.mainQueueTurn()
        return run.runtime.longestMainStall
    }

    private func step(_ run: AppRun, _ text: String) {
        let line = "\(Display.time(run.device.clock.now))  \(text)"
        if let timeline = run.device.timeline { timeline.note(.phase, line) } else { print(line) }
    }

    private func show(_ run: AppRun) {
        guard !recordsTimeline else { return }
        let lines = run.screen.lines
        let width = max(24, lines.map(\.count).max() ?? 0)
        print("       +" + String(repeating: "-", count: width + 2) + "+")
        for line in lines {
            print("       | " + line.padding(toLength: width, withPad: " ", startingAt: 0) + " |")
        }
        print("       +" + String(repeating: "-", count: width + 2) + "+")
        let complication = run.runtime.complicationServer.currentEntry?.text ?? "-"
        print("       watch face: \(complication)\n")
    }

    private func report(_ record: RuntimeRecord, longestRefreshStall: Duration) {
        guard !recordsTimeline else { return }
        print("What the watchOS runtime recorded before the relaunch:")
        let completions = record.deliveredTasks.map { "#\($0): \(record.completionCount(of: $0))x" }
        print("  background tasks completed:     \(completions.joined(separator: ", "))")
        let tooEarly = record.completions.filter { $0.ioInFlight > 0 }.count
        print("  completed with disk I/O running: \(tooEarly)")
        // Only stage 6 names its tasks (SE-0469, Swift 6.2); the runtime reads the name at the call.
        let names = record.completions.map { $0.taskName.map { "\"\($0)\"" } ?? "unnamed" }
        print("  completed by the task named:     \(names.isEmpty ? "-" : names.joined(separator: ", "))")
        print("  refreshes scheduled:            \(record.scheduledRefreshes.count)")
        let offMain = record.offMainCalls.isEmpty ? "none" : record.offMainCalls.joined(separator: ", ")
        print("  main-thread-only calls off main: \(offMain)")
        // SwiftUI warns of each: "Publishing changes from background threads is not allowed".
        print("  @Published changes off main:    \(record.offMainPublishes)")
        let milliseconds = longestRefreshStall.components.seconds * 1000 + longestRefreshStall.components.attoseconds / 1_000_000_000_000_000
        let blocked = longestRefreshStall >= diskDelay / 2 && diskDelay > .zero
        print("  longest main-thread stall in a background refresh: \(milliseconds) ms"
            + (blocked ? " (a disk write on the main thread)" : ""))
    }
}
