import Foundation
import HealthKitSim
import SimSupport
import Testing
import WatchKitSim

/// `HKAnchoredObjectQuery`: what a first query and a query from an anchor report, and how
/// predicates filter.
@Suite("HealthKitSim: anchored object queries")
struct AnchoredQueryTests {
    let morning = SimClock.morning

    @Test("a first query (no anchor) returns the matching samples and no deletions")
    func firstQuery() async throws {
        let database = healthDatabase()
        let early = sample(at: morning - 2 * hour)
        let late = sample(at: morning - hour)
        let gone = sample(at: morning - hour)
        database.add([early, late, gone])
        #expect(database.deleteSample(uuid: gone.uuid))
        #expect(!database.deleteSample(uuid: UUID()))
        let store = try await authorizedStore(database)

        let answer = try await query(store)
        #expect(answer.error == nil)
        #expect(uuids(answer.samples) == [early.uuid, late.uuid])
        #expect(answer.deleted?.isEmpty == true)
        #expect(answer.anchor != nil)
    }

    @Test("a query from an anchor returns only the samples added and deleted since")
    func sinceAnchor() async throws {
        let database = healthDatabase()
        let first = sample(at: morning - 2 * hour)
        let second = sample(at: morning - hour)
        database.add([first, second])
        let store = try await authorizedStore(database)
        let initial = try await query(store)
        #expect(uuids(initial.samples) == [first.uuid, second.uuid])

        let added = sample(at: morning)
        database.add([added])
        try await store.save(appSample())
        #expect(database.deleteSample(uuid: first.uuid))
        let saved = try #require(database.samples.last)

        let update = try await query(store, anchor: initial.anchor)
        #expect(update.error == nil)
        #expect(uuids(update.samples) == [added.uuid, saved.uuid])
        #expect(uuids(update.deleted) == [first.uuid])

        let nothingNew = try await query(store, anchor: update.anchor)
        #expect(nothingNew.samples?.isEmpty == true)
        #expect(nothingNew.deleted?.isEmpty == true)
    }

    /// The samples the predicate tests share, around 07:00.
    struct Samples {
        let morning = SimClock.morning
        let early: HKQuantitySample   // 04:00, another app
        let spanning: HKQuantitySample  // 04:30 to 05:30: crosses the 05:00 start
        let mine: HKQuantitySample  // 06:00, this app
        let theirs: HKQuantitySample  // 06:00, another app
        let later: HKQuantitySample  // 08:00, another app

        init() {
            early = sample(at: morning - 3 * hour)
            spanning = sample(at: morning - 2.5 * hour, end: morning - 1.5 * hour)
            mine = sample(at: morning - hour, from: .default())
            theirs = sample(at: morning - hour)
            later = sample(at: morning + hour)
        }

        var all: [HKQuantitySample] { [early, spanning, mine, theirs, later] }

        /// 05:00 to 07:00.
        func range(_ options: HKQueryOptions = []) -> HKPredicate {
            HKQuery.predicateForSamples(withStart: morning - 2 * hour, end: morning, options: options)
        }
    }

    /// A store that holds `samples.all`.
    func store(with samples: Samples) async throws -> HKHealthStore {
        let database = healthDatabase()
        database.add(samples.all)
        return try await authorizedStore(database)
    }

    @Test("a date-range predicate keeps the samples in the range; strictStartDate drops one that starts before it")
    func dateRange() async throws {
        let samples = Samples()
        let store = try await store(with: samples)

        let inRange = try await query(store, predicate: samples.range())
        #expect(uuids(inRange.samples) == uuids([samples.spanning, samples.mine, samples.theirs]))

        let strict = try await query(store, predicate: samples.range(.strictStartDate))
        #expect(uuids(strict.samples) == uuids([samples.mine, samples.theirs]))
    }

    @Test("predicateForObjects(from:) keeps one source's samples; its negation keeps all the others")
    func sourceAndNegation() async throws {
        let samples = Samples()
        let store = try await store(with: samples)
        let mine = HKQuery.predicateForObjects(from: .default())

        let own = try await query(store, predicate: mine)
        #expect(uuids(own.samples) == [samples.mine.uuid])

        let others = try await query(store, predicate: HKPredicate(notPredicateWithSubpredicate: mine))
        #expect(uuids(others.samples) == uuids([samples.early, samples.spanning, samples.theirs, samples.later]))
    }

    @Test("an and-compound predicate keeps only the samples every subpredicate keeps")
    func andCompound() async throws {
        let samples = Samples()
        let store = try await store(with: samples)
        let notMine = HKPredicate(notPredicateWithSubpredicate: HKQuery.predicateForObjects(from: .default()))

        let answer = try await query(store, predicate: HKPredicate(andPredicateWithSubpredicates: [samples.range(), notMine]))
        #expect(uuids(answer.samples) == uuids([samples.spanning, samples.theirs]))
    }
}
