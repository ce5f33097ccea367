import Dispatch
import Foundation
import HealthKitSim
import SimSupport
import Testing
import WatchKitSim

/// Callbacks the SDKs make on background queues, as Apple's documentation promises them:
/// HealthKit's, which may overlap, a long-running query's updates, and a background task's
/// expiration handler.
@Suite("HealthKitSim and WatchKitSim: callbacks on background queues")
struct BackgroundCallbackTests {
    @Test("two HealthKit callbacks can run at the same time: one waits inside its handler for the other to start")
    func callbacksOverlap() async throws {
        let store = try await authorizedStore(healthDatabase())
        let secondStarted = DispatchSemaphore(value: 0)
        let overlapped = Box<Bool>()

        startQuery(on: store) { _ in
            // On one serial queue the second handler could not start until this one returned.
            overlapped.put(secondStarted.wait(timeout: .now() + 10) == .success)
        }
        startQuery(on: store) { _ in secondStarted.signal() }

        let didOverlap = try await awaitValue(overlapped, "the first handler", timeout: .seconds(15))
        #expect(didOverlap)
    }

    @Test("a query with an updateHandler reports its results, then each later change, until stop(_:)")
    func longRunningQuery() async throws {
        let database = healthDatabase()
        let before = sample(at: SimClock.morning - hour)
        database.add([before])
        let store = try await authorizedStore(database)
        let reports = Reports()

        let query = HKAnchoredObjectQuery(
            type: caffeineType, predicate: nil, anchor: nil, limit: HKObjectQueryNoLimit
        ) { _, samples, deleted, anchor, error in
            reports.append(Answer(error: error, samples: samples, deleted: deleted, anchor: anchor))
        }
        query.updateHandler = { _, samples, deleted, anchor, error in
            reports.append(Answer(error: error, samples: samples, deleted: deleted, anchor: anchor))
        }
        store.execute(query)
        try await waitUntil("the query's results") { reports.count == 1 }
        #expect(uuids(reports.all[0].samples) == [before.uuid])

        let added = sample(at: SimClock.morning)
        database.add([added])
        try await waitUntil("an update for the added sample") { reports.count == 2 }
        #expect(uuids(reports.all[1].samples) == [added.uuid])
        #expect(reports.all[1].onMainQueue == false)

        #expect(database.deleteSample(uuid: before.uuid))
        try await waitUntil("an update for the deleted sample") { reports.count == 3 }
        #expect(uuids(reports.all[2].deleted) == [before.uuid])
        #expect(reports.all[2].samples?.isEmpty == true)

        store.stop(query)
        database.add([sample(at: SimClock.morning + hour)])
        try await waitUntil("the store to be idle") { database.events.inFlight.level == 0 }
        #expect(reports.count == 3, "the update handler was called after stop(_:)")
    }

    @Test("longRunningQueries counts the queries executed with an updateHandler until stop(_:), and no one-shot query")
    func longRunningQueriesCount() async throws {
        let database = healthDatabase()
        let store = try await authorizedStore(database)
        let answered = Box<Bool>()
        startQuery(on: store) { _ in answered.put(true) }
        _ = try await awaitValue(answered, "the one-shot query")
        #expect(database.longRunningQueries == 0)

        let reports = Reports()
        let query = HKAnchoredObjectQuery(
            type: caffeineType, predicate: nil, anchor: nil, limit: HKObjectQueryNoLimit
        ) { _, samples, deleted, anchor, error in
            reports.append(Answer(error: error, samples: samples, deleted: deleted, anchor: anchor))
        }
        query.updateHandler = { _, _, _, _, _ in }
        store.execute(query)
        try await waitUntil("the query's results") { reports.count == 1 }
        #expect(database.longRunningQueries == 1)
        store.stop(query)
        #expect(database.longRunningQueries == 0)
    }

    @Test("HKAnchoredObjectQueryDescriptor.results(for:) yields the first batch, then one per change; ending the loop stops the query")
    func resultsSequence() async throws {
        let database = healthDatabase()
        let first = sample(at: SimClock.morning - hour)
        database.add([first])
        let store = try await authorizedStore(database)
        let descriptor = HKAnchoredObjectQueryDescriptor(predicates: [.quantitySample(type: caffeineType)], anchor: nil)

        let second = sample(at: SimClock.morning)
        var batches: [Set<UUID>] = []
        for try await batch in descriptor.results(for: store) {
            batches.append(Set(batch.addedSamples.map(\.uuid)))
            if batches.count == 1 { database.add([second]) } else { break }
        }
        #expect(batches == [[first.uuid], [second.uuid]])

        // The update just received is counted after its handler returns: count once idle.
        try await waitUntil("the store to be idle") { database.events.inFlight.level == 0 }
        let updates = database.events.updatesDelivered.count
        database.add([sample(at: SimClock.morning + hour)])
        try await waitUntil("the store to be idle") { database.events.inFlight.level == 0 }
        #expect(database.events.updatesDelivered.count == updates, "the query kept running after the loop ended")
    }

    @Test("expireBackgroundTasks calls the expiration handler of each open task on a background queue, and of no completed task")
    func expirationHandler() async throws {
        try await withTestApp { run in
            let open = run.runtime.deliverBackgroundRefresh()
            let completed = run.runtime.deliverBackgroundRefresh()
            completed.setTaskCompletedWithSnapshot(false)
            let openExpired = Box<Bool>()
            let completedExpired = Box<Bool>()
            open.expirationHandler = { openExpired.put(MainQueue.isCurrent) }
            completed.expirationHandler = { completedExpired.put(true) }

            run.runtime.expireBackgroundTasks()
            let onMain = try await awaitValue(openExpired, "the open task's expiration handler")
            #expect(onMain == false)
            #expect(completedExpired.value == nil)
        }
    }
}

/// Every call of a query's handlers, in order.
private final class Reports: Sendable {
    private let answers = SimLock<[Answer]>([])

    func append(_ answer: Answer) { answers.withLock { $0.append(answer) } }
    var all: [Answer] { answers.withLock { $0 } }
    var count: Int { all.count }
}
