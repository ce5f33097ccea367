import Foundation
import Synchronization

/// The app's connection to HealthKit, with the shapes of `HKHealthStore`.
///
/// Every completion handler runs later, on the store's private queue, never on the
/// caller's queue. The `async` forms are what the SDK generates from the handlers.
public final class HKHealthStore: Sendable {
    private let database: HealthDatabase

    /// Connects to the Health database of the watch the app runs on, as on watchOS.
    public convenience init() {
        guard let database = HealthDatabase.running else {
            preconditionFailure("HKHealthStore() created while no app is running on a simulated watch")
        }
        self.init(database: database)
    }

    /// Connects to a given database (the simulators' own tests use several at once).
    public init(database: HealthDatabase) {
        self.database = database
    }

    /// Whether the watch the app runs on has HealthKit. A class method, as in HealthKit.
    public class func isHealthDataAvailable() -> Bool {
        HealthDatabase.isRunningAvailable
    }

    public func authorizationStatus(for type: HKObjectType) -> HKAuthorizationStatus {
        database.authorizationStatus
    }

    public func requestAuthorization(
        toShare typesToShare: Set<HKSampleType>?, read typesToRead: Set<HKObjectType>?,
        completion: @escaping @Sendable (Bool, (any Error)?) -> Void
    ) {
        database.events.authorizationRequested.increment()
        database.perform(.authorization, work: database.authorize) { [database] success, error in
            completion(success, error)
            database.events.authorizationAnswered.increment()
        }
    }

    public func requestAuthorization(toShare typesToShare: Set<HKSampleType>, read typesToRead: Set<HKObjectType>) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            requestAuthorization(toShare: typesToShare, read: typesToRead) { _, error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume() }
            }
        }
    }

    public func save(_ object: HKObject, withCompletion completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        database.perform(.save, work: { [database] in database.store(object) }) { [database] success, error in
            completion(success, error)
            database.events.saveAnswered.increment()
        }
    }

    public func save(_ object: HKObject) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            save(object) { _, error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume() }
            }
        }
    }

    /// Runs a query; its results handler is called on the store's queue.
    public func execute(_ query: HKQuery) {
        guard let query = query as? HKAnchoredObjectQuery else {
            preconditionFailure("HealthKitSim runs anchored object queries only")
        }
        database.events.queryStarted.increment()
        database.perform(.query, work: { [database] in database.answer(query) }) { [database] result in
            query.resultsHandler(query, result.samples, result.deleted, result.anchor, result.error)
            database.events.queryAnswered.increment()
        }
    }
}
