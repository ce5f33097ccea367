import Foundation

/// Which samples a query matches; stands in for `NSPredicate`/`NSCompoundPredicate`.
/// Not `Sendable`, as `NSPredicate` is not (and, like an imported class, with no
/// `@preconcurrency` of its own to soften that).
public struct HKPredicate {
    let matches: @Sendable (HKSample) -> Bool

    init(_ matches: @escaping @Sendable (HKSample) -> Bool) { self.matches = matches }

    @preconcurrency
    public init(andPredicateWithSubpredicates subpredicates: [HKPredicate]) {
        let tests = subpredicates.map(\.matches)
        self.init { sample in tests.allSatisfy { $0(sample) } }
    }

    @preconcurrency
    public init(notPredicateWithSubpredicate predicate: HKPredicate) {
        let test = predicate.matches
        self.init { sample in !test(sample) }
    }
}

@preconcurrency
public struct HKQueryOptions: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static var strictStartDate: HKQueryOptions { .init(rawValue: 1 << 0) }
    public static var strictEndDate: HKQueryOptions { .init(rawValue: 1 << 1) }
}

public var HKObjectQueryNoLimit: Int { 0 }

/// A question put to the store. `HKHealthStore.execute(_:)` runs it. `Sendable`, as
/// HealthKit declares it (`NS_SWIFT_SENDABLE`).
@preconcurrency
public class HKQuery: @unchecked Sendable {
    // `@unchecked Sendable` is sound: the predicate is never changed after `init`, and
    // `HKAnchoredObjectQuery.updateHandler` is set before the query runs (see there), as
    // HealthKit requires.
    @preconcurrency public let objectType: HKObjectType?
    @preconcurrency public let predicate: HKPredicate?

    init(objectType: HKObjectType?, predicate: HKPredicate?) {
        self.objectType = objectType
        self.predicate = predicate
    }

    @preconcurrency
    public class func predicateForSamples(withStart start: Date?, end: Date?, options: HKQueryOptions = []) -> HKPredicate {
        HKPredicate { sample in
            let afterStart = start.map { options.contains(.strictStartDate) ? sample.startDate >= $0 : sample.endDate >= $0 } ?? true
            let beforeEnd = end.map { options.contains(.strictEndDate) ? sample.endDate <= $0 : sample.startDate <= $0 } ?? true
            return afterStart && beforeEnd
        }
    }

    @preconcurrency
    public class func predicateForObjects(from source: HKSource) -> HKPredicate {
        HKPredicate { $0.sourceRevision.source == source }
    }
}

/// Returns the samples added and the objects deleted since an anchor, and a new anchor.
///
/// As in HealthKit, the results handler is called on a background queue, never on the
/// caller's. With an `updateHandler`, the query keeps running after its results and calls
/// the update handler, on a background queue, whenever matching samples are added or
/// deleted, until `HKHealthStore.stop(_:)`. The query has no async form of its own;
/// since watchOS 8.5 HealthKit also offers `HKAnchoredObjectQueryDescriptor` (below),
/// whose `result(for:)` is async. The stages wrap the query in a continuation, as the
/// WWDC21 talk did (its deployment target predates the descriptor).
@preconcurrency
public final class HKAnchoredObjectQuery: HKQuery, @unchecked Sendable {
    public typealias ResultsHandler = @Sendable (
        HKAnchoredObjectQuery, [HKSample]?, [HKDeletedObject]?, HKQueryAnchor?, (any Error)?
    ) -> Void

    let anchor: HKQueryAnchor?
    let limit: Int
    let resultsHandler: ResultsHandler

    /// Makes the query long-running. Set it before `execute(_:)`, as HealthKit asks; the
    /// store reads it on its queues afterwards, which `execute` orders after the write.
    /// A plain property, as in HealthKit: no `SimLock`, whose building on an app thread
    /// would order that thread's accesses for TSan (see `SimLock`).
    @preconcurrency
    public nonisolated(unsafe) var updateHandler: ResultsHandler?

    @preconcurrency
    public init(
        type: HKSampleType, predicate: HKPredicate?, anchor: HKQueryAnchor?, limit: Int,
        resultsHandler: @escaping ResultsHandler
    ) {
        self.anchor = anchor
        self.limit = limit
        self.resultsHandler = resultsHandler
        super.init(objectType: type, predicate: predicate)
    }
}

/// The async way to run an anchored query (watchOS 8.5 and later): describe it, then
/// await `result(for:)` for one batch of changes, or iterate `results(for:)` for the first
/// batch and every later one (a long-running query, stopped when the iteration ends).
public struct HKAnchoredObjectQueryDescriptor: Sendable {
    public struct Result: Sendable {
        public let addedSamples: [HKQuantitySample]
        public let deletedObjects: [HKDeletedObject]
        public let newAnchor: HKQueryAnchor
    }

    public let predicates: [HKSamplePredicate]
    public let anchor: HKQueryAnchor?
    public let limit: Int?

    public init(predicates: [HKSamplePredicate], anchor: HKQueryAnchor?, limit: Int? = nil) {
        self.predicates = predicates
        self.anchor = anchor
        self.limit = limit
    }

    public func result(for healthStore: HKHealthStore) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            healthStore.execute(query { result in continuation.resume(with: result) })
        }
    }

    /// The first batch of changes, then one batch at every later change, until the
    /// iteration ends (which stops the query).
    public func results(for healthStore: HKHealthStore) -> Results {
        Results(descriptor: self, healthStore: healthStore)
    }

    public struct Results: AsyncSequence, Sendable {
        public typealias Element = Result
        public typealias AsyncIterator = AsyncThrowingStream<Result, any Error>.Iterator

        let descriptor: HKAnchoredObjectQueryDescriptor
        let healthStore: HKHealthStore

        public func makeAsyncIterator() -> AsyncIterator {
            let (stream, continuation) = AsyncThrowingStream.makeStream(of: Result.self)
            let report: @Sendable (Swift.Result<Result, any Error>) -> Void = { result in
                switch result {
                case .success(let batch): continuation.yield(batch)
                case .failure(let error): continuation.finish(throwing: error)
                }
            }
            let query = descriptor.query(reporting: report)
            query.updateHandler = descriptor.handler(reporting: report)
            continuation.onTermination = { [healthStore] _ in healthStore.stop(query) }
            healthStore.execute(query)
            return stream.makeAsyncIterator()
        }
    }

    /// The anchored query this descriptor stands for. A sample matches when it matches any
    /// of the predicates, each with its own type; the simulation stores one type, so the
    /// query itself is of that type.
    private func query(reporting report: @escaping @Sendable (Swift.Result<Result, any Error>) -> Void) -> HKAnchoredObjectQuery {
        let predicates = predicates
        let predicate = HKPredicate { sample in
            predicates.contains { $0.sampleType == sample.sampleType && ($0.predicate?.matches(sample) ?? true) }
        }
        return HKAnchoredObjectQuery(
            type: HKQuantityType.quantityType(forIdentifier: .dietaryCaffeine)!, predicate: predicate, anchor: anchor,
            limit: limit ?? HKObjectQueryNoLimit, resultsHandler: handler(reporting: report))
    }

    private func handler(reporting report: @escaping @Sendable (Swift.Result<Result, any Error>) -> Void) -> HKAnchoredObjectQuery.ResultsHandler {
        { _, samples, deleted, newAnchor, error in
            if let samples, let deleted, let newAnchor {
                report(.success(Result(
                    addedSamples: samples.compactMap { $0 as? HKQuantitySample }, deletedObjects: deleted, newAnchor: newAnchor)))
            } else {
                report(.failure(error ?? HKError(.errorDatabaseInaccessible)))
            }
        }
    }
}

/// A sample type and a predicate, for query descriptors: `.quantitySample(type:predicate:)`.
public struct HKSamplePredicate: @unchecked Sendable {
    // `@unchecked Sendable` is sound: both are immutable, and a predicate only wraps a
    // `@Sendable` test.
    public let sampleType: HKQuantityType
    public let predicate: HKPredicate?

    public static func quantitySample(type: HKQuantityType, predicate: HKPredicate? = nil) -> HKSamplePredicate {
        HKSamplePredicate(sampleType: type, predicate: predicate)
    }
}
