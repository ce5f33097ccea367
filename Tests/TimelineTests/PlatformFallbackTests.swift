import Testing
@testable import tracker
@testable import TrackerSpec
@testable import SimSupport
import WatchKitSim
import CoffeeModel

/// Each platform fallback, forced on Linux, gives the verdicts its primary path gives on the
/// same stage (`PlatformFallback`; the TSan verdict line's is compared by `.ci/run`, which
/// runs one stage's race scenarios under `--sanitize=thread` both ways).
@Suite("Platform fallbacks, forced on Linux", .serialized)
struct PlatformFallbackTests {
    @Test("KIT_FORCE_FALLBACK's names: a list, all, and an unknown name refused")
    func parsesTheSwitch() throws {
        #expect(try PlatformFallback.parse("executor, notifications").get() == [.executor, .notifications])
        #expect(try PlatformFallback.parse("all").get() == [.tsanReport, .executor, .notifications])
        #expect(try PlatformFallback.parse("").get() == [])
        #expect(throws: PlatformFallback.UnknownMechanism(name: "tsan")) { try PlatformFallback.parse("executor,tsan").get() }
    }

    /// The primary paths checked here are Linux's; elsewhere, or with `KIT_FORCE_FALLBACK`
    /// set for the whole run, their fallbacks are what runs.
    static let primaryPaths: Bool = {
        #if os(Linux)
        PlatformFallback.forcedByEnvironment.isEmpty
        #else
        false
        #endif
    }()

    @Test("the kernel's runnable threads pass their check here; forced, the count is not given", .enabled(if: primaryPaths))
    func runnableThreadsForced() async {
        #expect(RunnableThreads.selfCheckFailure == nil)
        #expect(RunnableThreads.count() != nil)
        PlatformFallback.$forcedInTask.withValue([.runnableThreads]) {
            #expect(RunnableThreads.count() == nil)
        }
    }

    @Test("without the thread states, stage 0's checks give the same verdicts or say not measured")
    func runnableThreadsSameVerdicts() async {
        let measured = await Self.verdicts(stage: 0, forcing: [])
        let fallback = await Self.verdicts(stage: 0, forcing: [.runnableThreads])
        let notMeasured = fallback.filter { $0.value.contains("not measured") }
        #expect(fallback.filter { notMeasured[$0.key] == nil } == measured.filter { notMeasured[$0.key] == nil })
        #expect(notMeasured.count == 1, "only main waiting on its queue's sync goes unseen: \(notMeasured)")
        #expect(measured.values.contains { $0 != "passes" }, "stage 0 shows none of its defects")
    }

    @Test("forced, the day's loop off the main actor is not counted, and the day changes as measured", .enabled(if: primaryPaths))
    func notificationsForced() async throws {
        var levels: [Int] = []
        for forcing: Set<PlatformMechanism> in [[], [.notifications]] {
            let level = try await PlatformFallback.$forcedInTask.withValue(forcing) {
                try await Self.dayChange(stage: 1)
            }
            levels.append(level)
        }
        #expect(levels[0] > 0, "stage 1's loop waits off the main actor, counted")
        #expect(levels[1] == 0)
    }

    @Test("without the count, the race scenario about the day changing runs as measured on stage 1")
    func notificationsSameVerdict() async throws {
        let scenario = try #require(Check.races.first { $0.defect == "race-day-change" })
        try await scenario.run(on: app(forStage: 1))
        try await PlatformFallback.$forcedInTask.withValue([.notifications]) {
            try await scenario.run(on: app(forStage: 1))
        }
    }

    /// Each check's outcome on a stage: "passes", the defect it observed, or its failure.
    static func verdicts(stage: Int, forcing: Set<PlatformMechanism>) async -> [String: String] {
        var verdicts: [String: String] = [:]
        for check in Check.defects + Check.behaviour {
            do {
                try await PlatformFallback.$forcedInTask.withValue(forcing) { try await check.run(on: app(forStage: stage)) }
                verdicts[check.name] = "passes"
            } catch let observed as DefectObserved {
                verdicts[check.name] = observed.defect
            } catch {
                verdicts[check.name] = "fails: \(error)"
            }
        }
        return verdicts
    }

    /// Launches a stage's app and returns how many of its notification loops wait off the
    /// main actor once it has launched; then passes midnight and waits for yesterday's drink
    /// to leave the screen.
    static func dayChange(stage: Int) async throws -> Int {
        let log = [Drink(mgCaffeine: 96, onDate: SimClock.morning.addingTimeInterval(-20 * 3600))]
        nonisolated(unsafe) let app = app(forStage: stage)
        return try await OneAppAtATime.shared.run { @MainActor in
            var level = 0
            try await Check.withRun(app, configure: { $0.health.isAvailable = false }, prepare: { try Check.writeLog(log, to: $0) }) { run in
                try await run.waitUntilLaunched()
                level = run.runtime.notificationLoopsWaitingOffMain.level
                run.device.clock.advance(by: 17.5 * 3600)
                try await waitUntil("yesterday's drink to leave the screen:\n\(run.screen)") { run.drinkRows.isEmpty }
            }
            return level
        }
    }
}
