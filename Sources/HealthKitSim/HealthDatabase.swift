import Foundation
import SimSupport
import Synchronization

/// The device's Health database: what every `HKHealthStore` on the simulated watch talks to.
///
/// Tests own it: they configure availability, the user's answer to the authorization sheet
/// and latency, play other apps that add and delete samples, make queries fail, and hold a
/// callback until they open a `Gate`. Work runs on one private serial queue, after real
/// latency, so every callback reaches the app asynchronously and on a queue of its own.
///
/// `@unchecked Sendable` is sound: mutable state is touched only under `lock`, and the
/// app-facing entry points never take it (they only enqueue), so the lock never orders
/// two of the app's own accesses behind its back.
public final class HealthDatabase: @unchecked Sendable {
    public struct Configuration: Sendable {
        /// `false` plays an iPad-like device without HealthKit.
        public var isAvailable = true
        /// The user's answer on the authorization sheet.
        public var grantsAuthorization = true
        /// How long every request takes before its callback runs.
        public var latency: Duration = .milliseconds(5)

        public init() {}
    }

    /// The kinds of request a test can hold with `hold(_:)`.
    public enum Operation: Hashable, Sendable {
        case authorization, query, save
    }

    /// What the database saw, for tests to wait on (relaxed counters: see `EventCounter`).
    public struct Events: Sendable {
        public let authorizationRequested = EventCounter()
        public let authorizationAnswered = EventCounter()
        public let queryStarted = EventCounter()
        public let queryAnswered = EventCounter()
        public let saveAnswered = EventCounter()
        /// Requests sent and not yet answered.
        public let inFlight = Gauge()
    }

    public let configuration: Configuration
    public let events = Events()

    let queue = DispatchQueue(label: "HealthKitSim.store")
    private let lock = NSLock()
    private let status = Atomic<Int>(HKAuthorizationStatus.notDetermined.rawValue)

    // Guarded by `lock`.
    private var entries: [(sample: HKQuantitySample, change: Int)] = []
    private var deletions: [(object: HKDeletedObject, change: Int)] = []
    private var lastChange = 0
    private var queryFailure: HKError?
    private var holds: [Operation: [Gate]] = [:]

    public init(_ configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    // MARK: The watch the app runs on

    /// The database of the watch whose app is running now: what `HKHealthStore()` connects
    /// to and `HKHealthStore.isHealthDataAvailable()` describes. The runtime sets it at
    /// launch; a simulated watch runs one app at a time.
    public static var running: HealthDatabase? {
        get { runningLock.withLock { runningDatabase } }
        set {
            runningLock.withLock { runningDatabase = newValue }
            runningIsAvailable.store(newValue?.configuration.isAvailable ?? false, ordering: .relaxed)
        }
    }

    // Both are read by app code on any thread. The lock guards the reference, which the
    // app reads once, where it creates its store; availability is asked often, so it is a
    // relaxed atomic that adds no synchronisation TSan would credit to the app.
    private static let runningLock = NSLock()
    nonisolated(unsafe) private static var runningDatabase: HealthDatabase?
    static let runningIsAvailable = Atomic<Bool>(false)

    // MARK: Test controls

    /// Adds samples as another app would (their `source` says which).
    public func add(_ samples: [HKQuantitySample]) {
        lock.withLock {
            for sample in samples {
                lastChange += 1
                entries.append((sample, lastChange))
            }
        }
    }

    /// Deletes a sample as its app would. Returns whether it existed.
    @discardableResult
    public func deleteSample(uuid: UUID) -> Bool {
        lock.withLock {
            guard let index = entries.firstIndex(where: { $0.sample.uuid == uuid }) else { return false }
            let sample = entries.remove(at: index).sample
            lastChange += 1
            // As in HealthKit, a deleted object keeps only the sync keys of its metadata.
            let kept = sample.metadata?.filter { [HKMetadataKeySyncIdentifier, HKMetadataKeySyncVersion].contains($0.key) }
            deletions.append((HKDeletedObject(uuid: sample.uuid, metadata: kept), lastChange))
            return true
        }
    }

    /// Makes every query fail with `error` until called again with `nil`.
    public func failQueries(with error: HKError?) {
        lock.withLock { queryFailure = error }
    }

    /// Holds the next request of this kind: its callback waits until the gate opens.
    public func hold(_ operation: Operation) -> Gate {
        let gate = Gate()
        lock.withLock { holds[operation, default: []].append(gate) }
        return gate
    }

    /// Everything stored now, in the order it was added.
    public var samples: [HKQuantitySample] {
        lock.withLock { entries.map(\.sample) }
    }

    public var authorizationStatus: HKAuthorizationStatus {
        HKAuthorizationStatus(rawValue: status.load(ordering: .relaxed))!
    }

    // MARK: What the store does

    /// Runs one request on the private queue: latency, then any hold, then the work under
    /// the lock, then the callback outside it.
    func perform<Result: Sendable>(
        _ operation: Operation,
        work: @escaping @Sendable () -> Result,
        deliver: @escaping @Sendable (Result) -> Void
    ) {
        let latency = configuration.latency
        events.inFlight.enter()
        queue.async { [self] in
            defer { events.inFlight.leave() }
            pause(for: latency)
            let gate = lock.withLock { holds[operation]?.isEmpty == false ? holds[operation]!.removeFirst() : nil }
            gate?.wait()
            deliver(work())
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
        lock.withLock {
            lastChange += 1
            entries.append((sample, lastChange))
        }
        return (true, nil)
    }

    struct QueryResult: @unchecked Sendable {
        // Sound: arrays of Sendable objects, built once and handed over whole.
        var samples: [HKSample]?
        var deleted: [HKDeletedObject]?
        var anchor: HKQueryAnchor?
        var error: HKError?
    }

    func answer(_ query: HKAnchoredObjectQuery) -> QueryResult {
        guard configuration.isAvailable else { return QueryResult(error: HKError(.errorHealthDataUnavailable)) }
        return lock.withLock {
            if let queryFailure { return QueryResult(error: queryFailure) }
            let since = query.anchor?.change ?? 0
            let matches = { (sample: HKSample) in
                sample.sampleType == query.objectType && (query.predicate?.matches(sample) ?? true)
            }
            // Without read access HealthKit answers with nothing, not with an error.
            let readable = authorizationStatus == .sharingAuthorized
            var added = readable ? entries.filter { $0.change > since && matches($0.sample) }.map(\.sample) : []
            if query.limit != HKObjectQueryNoLimit { added = Array(added.prefix(query.limit)) }
            // A first query (no anchor) reports no deletions: there is nothing to delete yet.
            let deleted = readable && query.anchor != nil ? deletions.filter { $0.change > since }.map(\.object) : []
            return QueryResult(samples: added, deleted: deleted, anchor: HKQueryAnchor(change: lastChange))
        }
    }
}

extension Duration {
    /// This duration in seconds, for APIs that take a `TimeInterval`.
    public var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
