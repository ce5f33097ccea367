import Foundation
@testable import HealthKitSim
import SimSupport
import WatchKitSim
import XCTest

// The canary: two races planted on purpose, each routed through the hand-offs the
// simulators make between the main thread and the store's queue. If any of them
// synchronised for real (a lock, a dispatch to main), TSan would see the two accesses as
// ordered and say nothing, and a race in a stage could hide the same way. (The held-write
// list is taken on main only: an app's file write synchronises through Foundation itself.
// It is a `SimLock`, like the database's state the queue does take.) So under
// `--sanitize=thread` both must be reported, every run: `Scripts/race-matrix` runs this
// case (`SIM_CANARY=1`) and fails when either is missing. Without the variable it skips,
// and the simulators' own tests stay TSan-clean.

/// What the canary "app" shares between threads with no synchronisation at all.
final class Unguarded: @unchecked Sendable {
    // Unsound on purpose: these are the planted races.
    var readOnMainFirst = 0
    var writtenOffMainFirst = 0
}

/// Under XCTest, so that the main queue stays on the first thread (as in the stages' race scenarios).
final class SimulatorCanary: XCTestCase {
    /// Main reads; the test works the simulators on main; then the store's queue writes.
    func testMainThenStoreQueue() async throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["SIM_CANARY"] != nil, "set SIM_CANARY=1, under TSan")
        try await withTestApp { run in
            let state = Unguarded()
            let health = run.device.health
            let task = run.runtime.deliverBackgroundRefresh()
            let another = [sample()]
            let query = health.hold(.query)
            let written = EventCounter()
            HKHealthStore().execute(HKAnchoredObjectQuery(
                type: caffeineType, predicate: nil, anchor: nil, limit: HKObjectQueryNoLimit
            ) { _, _, _, _, _ in
                // On the store's queue, after the test's calls below, which took what the
                // queue takes: the database's state (for this answer), the task log.
                task.setTaskCompletedWithSnapshot(false)
                state.readOnMainFirst = 1
                written.increment()
            })
            try await waitUntil("the query to be held") { query.isHeld }

            let seen = state.readOnMainFirst
            // From here to the write, no await: the main thread only calls the simulators.
            health.add(another)
            let samples = health.samples
            health.failQueries(with: nil)
            _ = health.hold(.save)
            let record = run.record
            _ = run.device.container.holdNextWrite()
            query.open()
            XCTAssertTrue(spin { written.count == 1 }, "the store's queue never wrote")

            XCTAssertEqual(seen, 0)
            XCTAssertEqual(samples.count, 1)
            XCTAssertEqual(record.deliveredTasks.count, 1)
            await settle(run)
        }
    }

    /// The store's queue writes, then calls the SDK, main-thread-only calls among them;
    /// main reads in a completion the runtime calls.
    func testStoreQueueThenMain() async throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["SIM_CANARY"] != nil, "set SIM_CANARY=1, under TSan")
        try await withTestApp { run in
            let state = Unguarded()
            let read = EventCounter()
            let task = run.runtime.deliverBackgroundRefresh()
            let store = HKHealthStore()
            let fireDate = SimClock.morning
            let readOnMain: @MainActor @Sendable () -> Void = { [health = run.device.health, container = run.device.container] in
                // Each call takes what the store's queue took after its write.
                _ = CLKComplicationServer.sharedInstance()
                _ = HKHealthStore()
                _ = WKExtension.shared().record
                _ = health.samples
                _ = container.holdNextWrite()
                if state.writtenOffMainFirst == 1 { read.increment() }
            }
            store.requestAuthorization(toShare: [], read: []) { _, _ in
                state.writtenOffMainFirst = 1
                // From here on, each way the simulators have from an app thread to main.
                _ = HKHealthStore.isHealthDataAvailable()
                _ = HKHealthStore()
                CLKComplicationServer.sharedInstance().reloadTimeline(for: .caffeine)
                task.setTaskCompletedWithSnapshot(false)
                store.execute(HKAnchoredObjectQuery(
                    type: caffeineType, predicate: nil, anchor: nil, limit: HKObjectQueryNoLimit) { _, _, _, _, _ in })
                // A main-actor API called off main, as a Swift 5 mode app can: the
                // runtime records it and carries it out on main, then calls the completion.
                callOffMainHere {
                    WKExtension.shared().scheduleBackgroundRefresh(withPreferredDate: fireDate, userInfo: nil) { _ in
                        readOnMain()
                    }
                }
            }
            // Off the main thread until the read: the main queue stays free for the
            // runtime, and no await of the test's hands the store's thread to main.
            try await waitOffMain("the read on main") { read.count == 1 }
            XCTAssertEqual(run.record.offMainCalls, ["WKExtension.scheduleBackgroundRefresh"])
            await settle(run)
        }
    }
}

/// Polls `condition` on the cooperative pool, never on the main actor.
@concurrent
private func waitOffMain(_ what: String, _ condition: @Sendable () -> Bool) async throws {
    try await waitUntil(what) { condition() }
}

/// Runs main-actor code right here, on whatever thread this is (see `callOffMain`).
private func callOffMainHere(_ body: @escaping @MainActor () -> Void) {
    unsafeBitCast(body, to: (@Sendable () -> Void).self)()
}

/// Spins on the current thread, without suspending, until `condition` holds (5 s at most).
private func spin(_ condition: () -> Bool) -> Bool {
    let deadline = ContinuousClock.now + .seconds(5)
    while !condition() {
        if ContinuousClock.now >= deadline { return false }
        usleep(50)
    }
    return true
}

@MainActor
private func settle(_ run: TestRun<HandlerDataSource>) async {
    try? await waitUntil("the app to be quiet") {
        run.device.health.events.inFlight.level == 0 && run.device.container.inFlight.level == 0
    }
}
