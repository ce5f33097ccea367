import Foundation
import Synchronization

/// The app's connection to HealthKit, with the shapes of `HKHealthStore` as Swift imports
/// it from Objective-C: every declaration `@preconcurrency` (the compiler treats every
/// imported declaration that way), the class `Sendable` (`NS_SWIFT_SENDABLE`), completion
/// handlers `@Sendable` (SE-0463), and `async` forms that run on the caller's actor
/// (`nonisolated(nonsending)`, as Swift 6.2 imports them).
///
/// Every handler runs later, on a background queue, never on the caller's queue. Two
/// requests' handlers may run at the same time (see `HealthDatabase`).
@preconcurrency
public final class HKHealthStore: Sendable {
    private let database: HealthDatabase

    /// Connects to the Health database of the watch the app runs on, as on watchOS.
    @preconcurrency
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
    @preconcurrency
    public class func isHealthDataAvailable() -> Bool {
        HealthDatabase.isRunningAvailable
    }

    @preconcurrency
    public func authorizationStatus(for type: HKObjectType) -> HKAuthorizationStatus {
        database.authorizationStatus
    }

    @preconcurrency
    public func requestAuthorization(
        toShare typesToShare: Set<HKSampleType>?, read typesToRead: Set<HKObjectType>?,
        completion: @escaping @Sendable (Bool, (any Error)?) -> Void
    ) {
        database.events.authorizationRequested.increment()
        database.note("request authorization")
        database.perform(.authorization, work: database.authorize) { [database] success, error in
            database.answering("authorization answered") { completion(success, error) }
            database.events.authorizationAnswered.increment()
        }
    }

    @preconcurrency
    nonisolated(nonsending) public func requestAuthorization(
        toShare typesToShare: Set<HKSampleType>, read typesToRead: Set<HKObjectType>
    ) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            requestAuthorization(toShare: typesToShare, read: typesToRead) { _, error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume() }
            }
        }
    }

    @preconcurrency
    public func save(_ object: HKObject, withCompletion completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        database.note("save a sample")
        database.perform(.save, work: { [database] in database.store(object) }) { [database] success, error in
            database.answering("save answered") { completion(success, error) }
            database.events.saveAnswered.increment()
        }
    }

    @preconcurrency
    nonisolated(nonsending) public func save(_ object: HKObject) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            save(object) { _, error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume() }
            }
        }
    }

    /// Runs a query. Its results handler runs on a background queue; a query with an
    /// `updateHandler` then keeps running, and hears of every later change, until `stop(_:)`.
    @preconcurrency
    public func execute(_ query: HKQuery) {
        guard let query = query as? HKAnchoredObjectQuery else {
            preconditionFailure("HealthKitSim runs anchored object queries only")
        }
        database.start(query)
    }

    /// Stops a long-running query: no report is made after this returns, though one already
    /// made may still reach its update handler.
    @preconcurrency
    public func stop(_ query: HKQuery) {
        guard let query = query as? HKAnchoredObjectQuery else { return }
        database.stop(query)
    }
}
