import Foundation
import SimSupport
import Synchronization

/// The device's Health database: what every `HKHealthStore` on the simulated watch talks to.
///
/// Tests own it: they configure availability, the user's answer to the authorization sheet
/// and latency, play other apps that add and delete samples, make queries fail, and hold a
/// callback until they open a `Gate`. Every request runs after real latency on one of the
/// store's serial queues, taken in turn, so every callback reaches the app asynchronously,
/// on a background thread, and two requests' callbacks may run at the same time: HealthKit
/// promises no more than "a background queue". One query's callbacks (its results, then its
/// updates) arrive in order, on its queue.
///
/// The test (on the main thread) and the store's queues share the stored samples under a
/// `SimLock`, which TSan does not see: were it an ordinary lock, a test call on main and
/// the queue's next request would order whatever the app did before each, and hide its
/// races. What the app gets back is built inside the lock (copies, as HealthKit hands an
/// app its own objects), so no access of the simulator's is left for TSan to misjudge.
public final class HealthDatabase: Sendable {
    public struct Configuration: Sendable {
        /// `false` plays an iPad-like device without HealthKit.
        public var isAvailable = true
        /// The user's answer on the authorization sheet.
        public var grantsAuthorization = true
        /// How long every request takes before its callback runs. Every check waits for the
        /// app's events, not for this, so it sets the suite's pace (2 ms took `swift test`
        /// from 16.5 s to 13 s). Under ThreadSanitizer it stays at the 5 ms the race figures
        /// were measured with: a callback that came before the awaiting task suspended would
        /// be a false report (see Steps/TSAN.md).
        public var latency: Duration = Unseen.underThreadSanitizer ? .milliseconds(5) : .milliseconds(2)

        public init() {}
    }

    /// The kinds of request a test can hold with `hold(_:)`.
    public enum Operation: Hashable, Sendable {
        /// `update` is a long-running query's update handler, after its first results.
        case authorization, query, update, save
    }

    /// What the database saw, for tests to wait on (relaxed counters: see `EventCounter`).
    public struct Events: Sendable {
        public let authorizationRequested = EventCounter()
        public let authorizationAnswered = EventCounter()
        public let queryStarted = EventCounter()
        public let queryAnswered = EventCounter()
        /// Calls of long-running queries' update handlers.
        public let updatesDelivered = EventCounter()
        public let saveAnswered = EventCounter()
        /// Requests sent and not yet answered.
        public let inFlight = Gauge()
    }

    public let configuration: Configuration
    public let events = Events()
    /// Every gate `hold` handed out (the run opens them all).
    public let handedOut = HandedOutGates()
    /// Where each request was made and each callback ran, for `tracker --timeline`.
    public let timeline: TimelineRecorder?

    /// Where requests run: serial queues taken in turn, so that consecutive requests run
    /// side by side while one query's reports stay in order on its queue. Not one concurrent
    /// queue: with one, TSan stopped reporting the race the simulators' canary plants from a
    /// HealthKit callback to main (0 of 20 runs; every run with serial queues), so its model
    /// of a concurrent queue orders more than the app does. Made here, on the test's thread,
    /// before any app thread exists, like the rest of the simulators' machinery.
    let queues: [DispatchQueue]
    private let nextQueue = Atomic<Int>(0)
    /// Set once the explorer holds every callback: until then a request takes no lock on
    /// the app's thread beyond what it always took (relaxed, see `Gate`).
    private let exploring = Atomic<Bool>(false)
    private let status = Atomic<Int>(HKAuthorizationStatus.notDetermined.rawValue)
    private let stored = SimLock(Stored())

    private struct Stored {
        var entries: [(sample: HKQuantitySample, change: Int)] = []
        var deletions: [(object: HKDeletedObject, change: Int)] = []
        var lastChange = 0
        var queryFailure: HKError?
        var holds: [Operation: [Gate]] = [:]
        /// Where the schedule explorer holds every callback (`nil`: nothing held but `holds`).
        var explorer: HeldEvents?
        /// Requests sent to each of `queues` and not finished (explorer mode only).
        var queueLoad: [Int] = Array(repeating: 0, count: 8)
        /// Long-running queries with an update sent and not yet computed (explorer mode only).
        var pendingUpdates: Set<ObjectIdentifier> = []
        /// Long-running queries, with the anchor of what each has reported so far.
        var running: [ObjectIdentifier: RunningQuery] = [:]
    }

    private struct RunningQuery {
        let query: HKAnchoredObjectQuery
        let queue: DispatchQueue
        var anchor: HKQueryAnchor?
    }

    public init(_ configuration: Configuration = Configuration(), timeline: TimelineRecorder? = nil) {
        self.configuration = configuration
        self.timeline = timeline
        queues = (0..<8).map { DispatchQueue(label: "HealthKitSim.store\($0)") }
    }

    // MARK: The watch the app runs on

    /// The database of the watch whose app is running now: what `HKHealthStore()` connects
    /// to and `HKHealthStore.isHealthDataAvailable()` describes. The runtime sets it at
    /// launch; a simulated watch runs one app at a time.
    public static var running: HealthDatabase? {
        get { Unseen.run { runningDatabase } }
        set {
            Unseen.prepare()
            Unseen.run {
                runningDatabase = newValue
                runningIsAvailable = newValue?.configuration.isAvailable ?? false
            }
        }
    }

    /// Whether the running watch has HealthKit (`HKHealthStore.isHealthDataAvailable()`).
    static var isRunningAvailable: Bool { Unseen.run { runningIsAvailable } }

    // Read by app code on any thread, written at launch before any app thread exists. Not
    // a lock, not a lazily initialised global (TSan on Linux treats either as one): plain
    // statics with constant initial values, touched only out of TSan's sight (`Unseen`).
    nonisolated(unsafe) private static var runningDatabase: HealthDatabase?
    nonisolated(unsafe) private static var runningIsAvailable = false

    // MARK: Test controls

    /// Adds samples as another app would (their `source` says which).
    public func add(_ samples: [HKQuantitySample]) {
        stored.withLock { stored in
            for sample in samples {
                stored.lastChange += 1
                stored.entries.append((sample.copy(), stored.lastChange))
            }
        }
        updateRunningQueries()
    }

    /// Deletes a sample as its app would. Returns whether it existed.
    @discardableResult
    public func deleteSample(uuid: UUID) -> Bool {
        defer { updateRunningQueries() }
        return stored.withLock { stored in
            guard let index = stored.entries.firstIndex(where: { $0.sample.uuid == uuid }) else { return false }
            let sample = stored.entries.remove(at: index).sample
            stored.explorer?.ledger.note(.sampleDeleted(id: uuid.uuidString))
            stored.lastChange += 1
            // As in HealthKit, a deleted object keeps only the sync keys of its metadata.
            let kept = sample.metadata?.filter { [HKMetadataKeySyncIdentifier, HKMetadataKeySyncVersion].contains($0.key) }
            stored.deletions.append((HKDeletedObject(uuid: sample.uuid, metadata: kept), stored.lastChange))
            return true
        }
    }

    /// Makes every query fail with `error` until called again with `nil`.
    public func failQueries(with error: HKError?) {
        stored.withLock { $0.queryFailure = error }
    }

    /// Holds the next request of this kind: its callback waits until the gate opens.
    public func hold(_ operation: Operation) -> Gate {
        let gate = handedOut.make()
        stored.withLock { $0.holds[operation, default: []].append(gate) }
        return gate
    }

    /// Holds every callback from now on until `explorer` releases it (see `HeldEvents`).
    /// Then no request waits behind a held one: each takes a queue of its own, and a live
    /// query that has an update on its way gets no second (the first, computed when it is
    /// released, reports both changes, as HealthKit coalesces them).
    public func holdEveryCallback(in explorer: HeldEvents) {
        stored.withLock { $0.explorer = explorer }
        exploring.store(true, ordering: .relaxed)
    }

    /// Everything stored now, in the order it was added (copies: see the type's comment).
    public var samples: [HKQuantitySample] {
        stored.withLock { $0.entries.map { $0.sample.copy() } }
    }

    /// How many long-running queries are running: executed with an `updateHandler` and not
    /// stopped. Test-only (HealthKit has no such count): a check sees whether the app's query
    /// stops when the app goes away.
    public var longRunningQueries: Int {
        stored.withLock { $0.running.count }
    }

    public var authorizationStatus: HKAuthorizationStatus {
        HKAuthorizationStatus(rawValue: status.load(ordering: .relaxed))!
    }

    // MARK: What the store does

    /// Runs one request on the next of the store's queues (or on the given one, a query's):
    /// latency, then any hold, then the work, then the callback (the app's code, outside
    /// every lock).
    func perform<Result: Sendable>(
        _ operation: Operation,
        kind: String? = nil,
        on requestQueue: DispatchQueue? = nil,
        work: @escaping @Sendable () -> Result,
        deliver: @escaping @Sendable (Result) -> Void
    ) {
        let latency = configuration.latency
        let queue = requestQueue ?? nextRequestQueue()
        let slot = exploring.load(ordering: .relaxed) ? queues.firstIndex { $0 === queue } : nil
        events.inFlight.enter()
        if let slot { stored.withLock { $0.queueLoad[slot] += 1 } }
        queue.async { [self] in
            defer {
                if let slot { stored.withLock { $0.queueLoad[slot] -= 1 } }
                events.inFlight.leave()
            }
            pause(for: latency)
            let (gate, explorer) = stored.withLock {
                ($0.holds[operation]?.isEmpty == false ? $0.holds[operation]!.removeFirst() : nil, $0.explorer)
            }
            if let gate { gate.wait() } else { explorer?.hold(kind ?? "health.\(operation)") }
            deliver(work())
        }
    }

    /// Notes a request where the app made it (recording only).
    func note(_ request: String) {
        timeline?.note(.healthRequest, request)
    }

    /// Runs the app's callback, noting where it ran and for how long (recording only).
    func answering(_ what: String, _ callback: () -> Void) {
        guard let timeline else { return callback() }
        timeline.span(.healthAnswer, what, callback)
    }

    private func nextRequestQueue() -> DispatchQueue {
        // Relaxed: a turn, not a hand-off (see `Gate`).
        let turn = nextQueue.add(1, ordering: .relaxed).oldValue % queues.count
        guard exploring.load(ordering: .relaxed) else { return queues[turn] }
        // Holding everything, a request queued behind a held one would wait unseen: take a
        // queue with nothing on it that no live query reports on.
        let free = stored.withLock { stored -> Int? in
            let reporting = stored.running.values.map(\.queue)
            return queues.indices.first { index in
                stored.queueLoad[index] == 0 && !reporting.contains { $0 === queues[index] }
            }
        }
        return queues[free ?? turn]
    }

    /// Runs a query: its results, then, for a long-running query, an update at every change.
    func start(_ query: HKAnchoredObjectQuery) {
        events.queryStarted.increment()
        note(query.updateHandler == nil ? "run a query" : "start the live query")
        let queryQueue = nextRequestQueue()
        // An explored day's ledger follows one-shot queries (a load), not the live one. Not
        // exploring, no lock is taken on the app's thread (see `exploring`).
        let ledger = query.updateHandler == nil && exploring.load(ordering: .relaxed)
            ? stored.withLock { $0.explorer?.ledger } : nil
        let number = ledger?.noteQueryStarted()
        perform(.query, kind: query.updateHandler == nil ? "health.query" : "health.live-query", on: queryQueue, work: { [self] in
            stored.withLock { stored in
                let result = answer(query, since: query.anchor, in: stored)
                // Registered under the same lock as the answer, so no change falls between them.
                if query.updateHandler != nil && result.error == nil {
                    stored.running[ObjectIdentifier(query)] = RunningQuery(query: query, queue: queryQueue, anchor: result.anchor)
                }
                return result
            }
        }) { [self] result in
            if let ledger, let number { ledger.note(result.answered(query: number)) }
            answering(query.updateHandler == nil ? "query results" : "live query's first results") {
                query.resultsHandler(query, result.samples, result.deleted, result.anchor, result.error)
            }
            events.queryAnswered.increment()
        }
    }

    func stop(_ query: HKAnchoredObjectQuery) {
        note("stop the live query")
        stored.withLock { _ = $0.running.removeValue(forKey: ObjectIdentifier(query)) }
    }

    /// After a change: each long-running query hears what changed since its last report, on
    /// its own queue, so its reports arrive in order.
    private func updateRunningQueries() {
        let running = stored.withLock { stored in
            // Holding everything, a query with an update on its way gets no second.
            let due = stored.running.filter { stored.explorer == nil || !stored.pendingUpdates.contains($0.key) }
            if stored.explorer != nil { stored.pendingUpdates.formUnion(due.keys) }
            return Array(due)
        }
        for (id, run) in running {
            perform(.update, on: run.queue, work: { [self] () -> QueryResult? in
                stored.withLock { stored in
                    stored.pendingUpdates.remove(id)
                    guard let current = stored.running[id] else { return nil }  // stopped
                    let result = answer(current.query, since: current.anchor, in: stored)
                    guard result.error == nil else { return nil }
                    stored.running[id]?.anchor = result.anchor
                    // An earlier update may have reported this change already.
                    let changed = !(result.samples ?? []).isEmpty || !(result.deleted ?? []).isEmpty
                    return changed ? result : nil
                }
            }) { [self] result in
                guard let result, let updateHandler = run.query.updateHandler else { return }
                answering("live query update") {
                    updateHandler(run.query, result.samples, result.deleted, result.anchor, result.error)
                }
                events.updatesDelivered.increment()
            }
        }
    }

    func authorize() -> (Bool, HKError?) {
        guard configuration.isAvailable else { return (false, HKError(.errorHealthDataUnavailable)) }
        let answer: HKAuthorizationStatus = configuration.grantsAuthorization ? .sharingAuthorized : .sharingDenied
        status.store(answer.rawValue, ordering: .relaxed)
        // As in HealthKit, success means the request was handled, not that it was granted.
        return (true, nil)
    }

    func store(_ object: HKObject) -> (Bool, HKError?) {
        guard configuration.isAvailable else { return (false, HKError(.errorHealthDataUnavailable)) }
        guard authorizationStatus == .sharingAuthorized else { return (false, HKError(.errorAuthorizationDenied)) }
        guard let sample = object as? HKQuantitySample else { return (false, HKError(.errorDatabaseInaccessible)) }
        // As in HealthKit, an object that names a sync identifier must carry a sync version.
        if object.metadata?[HKMetadataKeySyncIdentifier] != nil && object.metadata?[HKMetadataKeySyncVersion] == nil {
            return (false, HKError(.errorInvalidArgument))
        }
        stored.withLock { stored in
            stored.lastChange += 1
            stored.entries.append((sample.copy(), stored.lastChange))
        }
        updateRunningQueries()
        return (true, nil)
    }

    struct QueryResult: @unchecked Sendable {
        // Sound: arrays of Sendable objects, built once and handed over whole.
        var samples: [HKSample]?
        var deleted: [HKDeletedObject]?
        var anchor: HKQueryAnchor?
        var error: HKError?

        /// The ledger's entry for this answer to a one-shot query.
        func answered(query: Int) -> DayLedger.Entry {
            .queryAnswered(query: query, added: Set((samples ?? []).map(\.uuid.uuidString)),
                           deleted: Set((deleted ?? []).map(\.uuid.uuidString)), failed: error != nil)
        }
    }

    /// What changed since `anchor` that the query matches. Called under the lock.
    private func answer(_ query: HKAnchoredObjectQuery, since anchor: HKQueryAnchor?, in stored: Stored) -> QueryResult {
        guard configuration.isAvailable else { return QueryResult(error: HKError(.errorHealthDataUnavailable)) }
        do {
            if let queryFailure = stored.queryFailure { return QueryResult(error: queryFailure) }
            let since = anchor?.change ?? 0
            let matches = { (sample: HKSample) in
                sample.sampleType == query.objectType && (query.predicate?.matches(sample) ?? true)
            }
            // Without read access HealthKit answers with nothing, not with an error.
            let readable = authorizationStatus == .sharingAuthorized
            var added = readable ? stored.entries.filter { $0.change > since && matches($0.sample) }.map { $0.sample.copy() } : []
            if query.limit != HKObjectQueryNoLimit { added = Array(added.prefix(query.limit)) }
            // A first query (no anchor) reports no deletions: there is nothing to delete yet.
            let deleted = readable && anchor != nil ? stored.deletions.filter { $0.change > since }.map(\.object) : []
            return QueryResult(samples: added, deleted: deleted, anchor: HKQueryAnchor(change: stored.lastChange))
        }
    }
}
