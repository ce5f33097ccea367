import Dispatch
import Foundation
import HealthKitSim
import SimSupport
import Testing

/// `HKHealthStore`'s concurrency contract: when and where its callbacks run, what its
/// injectable latency and failures do, and the counters tests wait on.
@Suite("HealthKitSim: the health store")
struct HealthStoreTests {
    @MainActor
    @Test("a completion handler runs later, on the store's queue, never on the main queue that called", arguments: Request.allCases)
    func handlerFromMain(_ request: Request) async throws {
        // Latency gives the caller ample time to return first, had the handler run inline.
        let database = healthDatabase { $0.latency = .milliseconds(50) }
        let store = request == .authorization ? HKHealthStore(database: database) : try await authorizedStore(database)
        try #require(MainQueue.isCurrent)

        let returned = EventCounter()
        let box = Box<(answer: Answer, callerHadReturned: Bool)>()
        start(request, on: store) { box.put(($0, returned.count == 1)) }
        returned.increment()

        let (answer, callerHadReturned) = try await awaitValue(box, "the \(request) handler")
        #expect(callerHadReturned, "the handler ran before the call returned")
        #expect(!answer.onMainQueue)
        #expect(answer.queue == "store")
        #expect(answer.error == nil)
    }

    @Test("a completion handler runs on the store's queue, never on the app's queue that called", arguments: Request.allCases)
    func handlerFromAppQueue(_ request: Request) async throws {
        let database = healthDatabase()
        let store = request == .authorization ? HKHealthStore(database: database) : try await authorizedStore(database)
        let box = Box<Answer>()
        let caller = Box<String>()
        namedQueue("app").async {
            caller.put(currentQueueName ?? "?")
            start(request, on: store) { box.put($0) }
        }

        let answer = try await awaitValue(box, "the \(request) handler")
        #expect(caller.value == "app")
        #expect(answer.queue == "store")
        #expect(!answer.onMainQueue)
    }

    @Test("every request takes at least the configured latency", arguments: Request.allCases)
    func latency(_ request: Request) async throws {
        let latency = Duration.milliseconds(80)
        let database = healthDatabase { $0.latency = latency }
        let store = request == .authorization ? HKHealthStore(database: database) : try await authorizedStore(database)

        let started = ContinuousClock.now
        let answer = try await ask(request, on: store)
        #expect(answer.ranAt - started >= latency)
    }

    @Test("an unavailable store fails authorization, saves and queries with errorHealthDataUnavailable, in both forms")
    func unavailable() async throws {
        let database = healthDatabase { $0.isAvailable = false }
        let store = HKHealthStore(database: database)
        let unavailable = HKError(.errorHealthDataUnavailable)

        let authorization = try await ask(.authorization, on: store)
        #expect(authorization.success == false)
        #expect(authorization.healthError == unavailable)
        let save = try await ask(.save, on: store)
        #expect(save.success == false)
        #expect(save.healthError == unavailable)
        let answer = try await query(store)
        #expect(answer.healthError == unavailable)
        #expect(answer.samples == nil)

        await #expect(throws: unavailable) {
            try await store.requestAuthorization(toShare: [caffeineType], read: [caffeineType])
        }
        await #expect(throws: unavailable) { try await store.save(appSample()) }
        #expect(store.authorizationStatus(for: caffeineType) == .notDetermined)
        #expect(database.samples.isEmpty)
    }

    @Test("denied authorization: the request succeeds, as in HealthKit, but saves fail and queries see nothing")
    func denied() async throws {
        let database = healthDatabase { $0.grantsAuthorization = false }
        database.add([sample()])
        let store = HKHealthStore(database: database)
        #expect(store.authorizationStatus(for: caffeineType) == .notDetermined)

        let authorization = try await ask(.authorization, on: store)
        #expect(authorization.success == true)
        #expect(authorization.error == nil)
        #expect(store.authorizationStatus(for: caffeineType) == .sharingDenied)

        let save = try await ask(.save, on: store)
        #expect(save.success == false)
        #expect(save.healthError == HKError(.errorAuthorizationDenied))

        let answer = try await query(store)
        #expect(answer.error == nil)
        #expect(answer.samples?.isEmpty == true)

        // The async twins: authorization does not throw, a save throws the same error.
        try await store.requestAuthorization(toShare: [caffeineType], read: [caffeineType])
        await #expect(throws: HKError(.errorAuthorizationDenied)) { try await store.save(appSample()) }
        #expect(database.samples.count == 1)
    }

    @Test("samples the app saves carry its source, HKSource.default(), in sourceRevision; other apps' keep theirs")
    func savedSource() async throws {
        let database = healthDatabase()
        let theirs = sample()
        database.add([theirs])
        let store = try await authorizedStore(database)
        #expect(store.authorizationStatus(for: caffeineType) == .sharingAuthorized)

        let save = try await ask(.save, on: store)
        #expect(save.success == true)
        #expect(save.error == nil)
        try await store.save(appSample())

        let stored = database.samples
        #expect(stored.map(\.sourceRevision.source) == [anotherApp, .default(), .default()])
        let answer = try await query(store)
        #expect(answer.samples?.map(\.sourceRevision.source) == [anotherApp, .default(), .default()])
    }

    @Test("failQueries(with:) makes every query fail until it is cleared")
    func failingQueries() async throws {
        let database = healthDatabase()
        database.add([sample()])
        let store = try await authorizedStore(database)
        let failure = HKError(.errorDatabaseInaccessible)

        database.failQueries(with: failure)
        for _ in 1...2 {
            let answer = try await query(store)
            #expect(answer.healthError == failure)
            #expect(answer.samples == nil)
            #expect(answer.anchor == nil)
        }

        database.failQueries(with: nil)
        let answer = try await query(store)
        #expect(answer.error == nil)
        #expect(answer.samples?.count == 1)
    }

    @Test("hold(_:) keeps the next callback of its kind waiting until the gate opens, the request counted in flight", arguments: Request.allCases)
    func hold(_ request: Request) async throws {
        let database = healthDatabase()
        let store = request == .authorization ? HKHealthStore(database: database) : try await authorizedStore(database)
        let gate = database.hold(request.operation)
        #expect(!gate.isHeld)

        let box = Box<Answer>()
        start(request, on: store) { box.put($0) }
        try await waitUntil("the \(request) to reach the gate") { gate.isHeld }
        try await Task.sleep(for: .milliseconds(30))
        #expect(box.value == nil, "the handler ran although its gate is closed")
        #expect(database.events.inFlight.level == 1)
        if request == .authorization {
            // The user has not answered the sheet yet.
            #expect(store.authorizationStatus(for: caffeineType) == .notDetermined)
        }

        gate.open()
        let answer = try await awaitValue(box, "the \(request) handler")
        #expect(answer.error == nil)
        try await waitUntil("the request to be answered") { database.events.inFlight.level == 0 }
        if request == .authorization {
            #expect(store.authorizationStatus(for: caffeineType) == .sharingAuthorized)
        }
    }

    @Test("the event counters count requests when made and answers after their handlers")
    func events() async throws {
        let database = healthDatabase { $0.latency = .milliseconds(40) }
        let events = database.events
        let store = HKHealthStore(database: database)

        let box = Box<Answer>()
        start(.authorization, on: store) { box.put($0) }
        #expect(events.authorizationRequested.count == 1)
        #expect(events.authorizationAnswered.count == 0)
        _ = try await awaitValue(box, "the authorization handler")
        try await waitUntil("authorizationAnswered") { events.authorizationAnswered.count == 1 }

        _ = try await ask(.save, on: store)
        _ = try await query(store)
        _ = try await query(store)
        try await waitUntil("saveAnswered and queryAnswered") {
            events.saveAnswered.count == 1 && events.queryAnswered.count == 2
        }
        #expect(events.queryStarted.count == 2)
        #expect(events.authorizationRequested.count == 1)
        #expect(events.authorizationAnswered.count == 1)
    }
}
