import Dispatch
import Foundation
@testable import HealthKitSim
import SimSupport
import WatchKitSim

// Helpers shared by the simulators' tests. Values cross from SDK callbacks to the test
// under an `NSLock` (`Box`): real synchronisation, so the hand-over is never a race of
// the tests' own, and ThreadSanitizer stays quiet unless a simulator races.

/// A value handed from another thread to the test.
final class Box<Value: Sendable>: @unchecked Sendable {
    // `@unchecked Sendable` is sound: `stored` is touched only under `lock`.
    private let lock = NSLock()
    private var stored: Value?

    init() {}

    func put(_ value: Value) { lock.withLock { stored = value } }

    var value: Value? { lock.withLock { stored } }
}

/// Waits until `box` holds a value and returns it.
func awaitValue<Value: Sendable>(
    _ box: Box<Value>, _ what: String, timeout: Duration = .seconds(5),
    isolation: isolated (any Actor)? = #isolation
) async throws -> Value {
    try await waitUntil(what, timeout: timeout) { box.value != nil }
    return box.value!
}

/// Runs `body` on a thread of its own (a new serial queue's). Not `DispatchQueue.global()`:
/// its pool is only as wide as the machine has cores (two here), so a few blocked waits
/// (held gates, disk delays) stalled every other test for seconds.
func startInBackground(_ body: @escaping @Sendable () -> Void) {
    DispatchQueue(label: "SimTests.background").async(execute: body)
}

/// Runs blocking work in the background (not on the test's own executor, which other
/// tests share) and waits for its result.
func inBackground<T: Sendable>(
    _ what: String, isolation: isolated (any Actor)? = #isolation,
    _ body: @escaping @Sendable () throws -> T
) async throws -> T {
    let box = Box<Result<T, any Error>>()
    startInBackground { box.put(Result { try body() }) }
    return try await awaitValue(box, what).get()
}

/// Calls main-actor code from a background thread, as a Swift 5 mode app can.
///
/// The Swift 6 compiler refuses such a call, so the closure's isolation is cast away: the
/// simulators must cope with exactly this mistake (they record it and carry the call out
/// at the runtime's next turn on main).
func callOffMain(_ body: @escaping @MainActor () -> Void) {
    let unisolated = unsafeBitCast(body, to: (@Sendable () -> Void).self)
    startInBackground { unisolated() }
}

/// Waits until the main queue has run everything enqueued on it before this call (it runs
/// blocks in order): what the SDK posted "for later" has happened once this returns.
func mainQueueDrained(isolation: isolated (any Actor)? = #isolation) async throws {
    let box = Box<Bool>()
    DispatchQueue.main.async { box.put(true) }
    _ = try await awaitValue(box, "the main queue to run what was posted before")
}

/// Waits until `runtime` draws the screen again.
@MainActor
func nextRender(of runtime: WKExtension) async throws {
    let count = runtime.renderCount
    try await waitUntil("the screen to be drawn again:\n\(runtime.screen)") { runtime.renderCount > count }
}

// MARK: Dispatch queues, by name

/// Names the queues a test cares about, so a callback can tell which one it runs on.
let queueName = DispatchSpecificKey<String>()

/// The name the current queue was given with `queueName`, if any.
var currentQueueName: String? { DispatchQueue.getSpecific(key: queueName) }

/// A serial queue that knows its name, to stand for an app's own queue.
func namedQueue(_ name: String) -> DispatchQueue {
    let queue = DispatchQueue(label: "SimTests.\(name)")
    queue.setSpecific(key: queueName, value: name)
    return queue
}

// MARK: Health data

let caffeineType = HKQuantityType.quantityType(forIdentifier: .dietaryCaffeine)!
let milligrams = HKUnit.gramUnit(with: .milli)
let anotherApp = HKSource(name: "Another App", bundleIdentifier: "com.example.AnotherApp")
let hour: TimeInterval = 3600

/// A Health database whose queues answer to the name "store".
func healthDatabase(_ configure: (inout HealthDatabase.Configuration) -> Void = { _ in }) -> HealthDatabase {
    var configuration = HealthDatabase.Configuration()
    configure(&configuration)
    let database = HealthDatabase(configuration)
    for queue in database.queues { queue.setSpecific(key: queueName, value: "store") }
    return database
}

/// A caffeine sample as another app (or, with `source: .default()`, this app) wrote it.
func sample(_ mg: Double = 95, at date: Date = SimClock.morning, end: Date? = nil, from source: HKSource = anotherApp) -> HKQuantitySample {
    HKQuantitySample(
        type: caffeineType, quantity: HKQuantity(unit: milligrams, doubleValue: mg),
        start: date, end: end ?? date, uuid: UUID(), source: source
    )
}

/// A sample as the app creates it to save: HealthKit gives it its UUID and source.
func appSample(_ mg: Double = 64, at date: Date = SimClock.morning) -> HKQuantitySample {
    HKQuantitySample(type: caffeineType, quantity: HKQuantity(unit: milligrams, doubleValue: mg), start: date, end: date)
}

func uuids(_ objects: [HKSample]?) -> Set<UUID> { Set((objects ?? []).map(\.uuid)) }
func uuids(_ objects: [HKDeletedObject]?) -> Set<UUID> { Set((objects ?? []).map(\.uuid)) }

/// The requests of `HKHealthStore` that answer through a completion handler.
enum Request: String, CaseIterable, Sendable, CustomStringConvertible {
    case authorization, save, query

    var operation: HealthDatabase.Operation {
        switch self {
        case .authorization: .authorization
        case .save: .save
        case .query: .query
        }
    }

    var description: String { rawValue }
}

/// What a completion handler received, and where and when it ran.
struct Answer: Sendable {
    var success: Bool?
    var error: (any Error)?
    var samples: [HKSample]?
    var deleted: [HKDeletedObject]?
    var anchor: HKQueryAnchor?
    /// Filled in by the handler itself.
    let ranAt = ContinuousClock.now
    let onMainQueue = MainQueue.isCurrent
    let queue = currentQueueName

    var healthError: HKError? { error as? HKError }
}

/// Makes `request` through its completion-handler form; `handler` runs in the SDK's handler.
func start(_ request: Request, on store: HKHealthStore, handler: @escaping @Sendable (Answer) -> Void) {
    switch request {
    case .authorization:
        store.requestAuthorization(toShare: [caffeineType], read: [caffeineType]) { success, error in
            handler(Answer(success: success, error: error))
        }
    case .save:
        store.save(appSample()) { success, error in
            handler(Answer(success: success, error: error))
        }
    case .query:
        startQuery(on: store, handler: handler)
    }
}

/// Runs an anchored query for caffeine; `handler` runs in its results handler.
func startQuery(
    on store: HKHealthStore, predicate: HKPredicate? = nil, anchor: HKQueryAnchor? = nil,
    handler: @escaping @Sendable (Answer) -> Void
) {
    let query = HKAnchoredObjectQuery(
        type: caffeineType, predicate: predicate, anchor: anchor, limit: HKObjectQueryNoLimit
    ) { _, samples, deleted, anchor, error in
        handler(Answer(error: error, samples: samples, deleted: deleted, anchor: anchor))
    }
    store.execute(query)
}

/// Makes `request` and waits for its handler.
func ask(_ request: Request, on store: HKHealthStore, isolation: isolated (any Actor)? = #isolation) async throws -> Answer {
    let box = Box<Answer>()
    start(request, on: store) { box.put($0) }
    return try await awaitValue(box, "the \(request) handler")
}

/// Runs an anchored query and waits for its results handler.
func query(
    _ store: HKHealthStore, predicate: HKPredicate? = nil, anchor: HKQueryAnchor? = nil,
    isolation: isolated (any Actor)? = #isolation
) async throws -> Answer {
    let box = Box<Answer>()
    startQuery(on: store, predicate: predicate, anchor: anchor) { box.put($0) }
    return try await awaitValue(box, "the query's results handler")
}

/// A store on `database` whose user has answered the authorization sheet.
func authorizedStore(_ database: HealthDatabase) async throws -> HKHealthStore {
    let store = HKHealthStore(database: database)
    try await store.requestAuthorization(toShare: [caffeineType], read: [caffeineType])
    return store
}

/// A device with a configuration adjusted by `configure`; erase it at the end.
func watchDevice(_ configure: (inout WatchDevice.Configuration) -> Void) throws -> WatchDevice {
    var configuration = WatchDevice.Configuration()
    configure(&configuration)
    return try WatchDevice(configuration)
}
