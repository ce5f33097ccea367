import Foundation

/// The app's connection to HealthKit, with the shapes of `HKHealthStore`.
///
/// Every completion handler runs later, on the store's private queue, never on the
/// caller's queue. The `async` forms are what the SDK generates from the handlers.
public final class HKHealthStore: Sendable {
    private let database: HealthDatabase

    /// The real `init()` reaches the device's HealthKit; here the device's database is explicit.
    public init(database: HealthDatabase) {
        self.database = database
    }

    /// A class method in the real SDK; per simulated device here.
    public func isHealthDataAvailable() -> Bool {
        database.configuration.isAvailable
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
