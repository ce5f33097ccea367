import Foundation

/// Which samples a query matches; stands in for `NSPredicate`/`NSCompoundPredicate`.
public struct HKPredicate: Sendable {
    let matches: @Sendable (HKSample) -> Bool

    init(_ matches: @escaping @Sendable (HKSample) -> Bool) { self.matches = matches }

    public init(andPredicateWithSubpredicates subpredicates: [HKPredicate]) {
        self.init { sample in subpredicates.allSatisfy { $0.matches(sample) } }
    }

    public init(notPredicateWithSubpredicate predicate: HKPredicate) {
        self.init { sample in !predicate.matches(sample) }
    }
}

public struct HKQueryOptions: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static var strictStartDate: HKQueryOptions { .init(rawValue: 1 << 0) }
    public static var strictEndDate: HKQueryOptions { .init(rawValue: 1 << 1) }
}

public var HKObjectQueryNoLimit: Int { 0 }

/// A question put to the store. `HKHealthStore.execute(_:)` runs it.
public class HKQuery: @unchecked Sendable {
    // `@unchecked Sendable` is sound: subclasses hold only `let`s of Sendable types.
    public let objectType: HKObjectType?
    public let predicate: HKPredicate?

    init(objectType: HKObjectType?, predicate: HKPredicate?) {
        self.objectType = objectType
        self.predicate = predicate
    }

    public static func predicateForSamples(withStart start: Date?, end: Date?, options: HKQueryOptions = []) -> HKPredicate {
        HKPredicate { sample in
            let afterStart = start.map { options.contains(.strictStartDate) ? sample.startDate >= $0 : sample.endDate >= $0 } ?? true
            let beforeEnd = end.map { options.contains(.strictEndDate) ? sample.endDate <= $0 : sample.startDate <= $0 } ?? true
            return afterStart && beforeEnd
        }
    }

    public static func predicateForObjects(from source: HKSource) -> HKPredicate {
        HKPredicate { $0.sourceRevision.source == source }
    }
}

/// Returns the samples added and the objects deleted since an anchor, and a new anchor.
///
/// As in HealthKit, the results handler is a property of the query and is called on the
/// store's private queue, never on the caller's. The query has no async form of its own;
/// since watchOS 8.5 HealthKit also offers `HKAnchoredObjectQueryDescriptor` (below),
/// whose `result(for:)` is async. The stages wrap the query in a continuation, as the
/// WWDC21 talk did (its deployment target predates the descriptor).
public final class HKAnchoredObjectQuery: HKQuery, @unchecked Sendable {
    public typealias ResultsHandler = @Sendable (
        HKAnchoredObjectQuery, [HKSample]?, [HKDeletedObject]?, HKQueryAnchor?, (any Error)?
    ) -> Void

    public let anchor: HKQueryAnchor?
    public let limit: Int
    public let resultsHandler: ResultsHandler

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
/// await `result(for:)`. One batch of changes, like a query without an update handler.
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
        // A sample matches when it matches any of the predicates, each with its own type. The
        // simulation stores one type, so the query itself is of that type.
        let type = HKQuantityType.quantityType(forIdentifier: .dietaryCaffeine)!
        let predicates = predicates
        let predicate = HKPredicate { sample in
            predicates.contains { $0.sampleType == sample.sampleType && ($0.predicate?.matches(sample) ?? true) }
        }
        return try await withCheckedThrowingContinuation { continuation in
            let query = HKAnchoredObjectQuery(
                type: type, predicate: predicate, anchor: anchor, limit: limit ?? HKObjectQueryNoLimit
            ) { _, samples, deleted, newAnchor, error in
                if let samples, let deleted, let newAnchor {
                    continuation.resume(returning: Result(
                        addedSamples: samples.compactMap { $0 as? HKQuantitySample }, deletedObjects: deleted,
                        newAnchor: newAnchor))
                } else {
                    continuation.resume(throwing: error ?? HKError(.errorDatabaseInaccessible))
                }
            }
            healthStore.execute(query)
        }
    }
}

/// A sample type and a predicate, for query descriptors: `.quantitySample(type:predicate:)`.
public struct HKSamplePredicate: Sendable {
    public let sampleType: HKQuantityType
    public let predicate: HKPredicate?

    public static func quantitySample(type: HKQuantityType, predicate: HKPredicate? = nil) -> HKSamplePredicate {
        HKSamplePredicate(sampleType: type, predicate: predicate)
    }
}
