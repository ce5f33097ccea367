import CoffeeModel
import Foundation
import HealthKitSim
import WatchKitSim

// By default a global is main-actor; the actor below logs from its own isolation.
nonisolated private let logger = Logger(subsystem: "com.example.CoffeeTracker", category: "HealthKit")

/// Reads and writes the app's caffeine samples in HealthKit. An actor: its state (the
/// authorization answer, the query anchor) is touched by one task at a time.
actor HealthKitController {
    private weak let model: CoffeeData?
    private let store: HKHealthStore
    private let clock: SimClock

    private let caffeineType = HKObjectType.quantityType(forIdentifier: .dietaryCaffeine)!
    private let milligrams = HKUnit.gramUnit(with: .milli)

    /// Set when the user has answered the authorization request.
    private(set) var isAuthorized = false

    /// Where the last query stopped, so that the next one returns only what changed.
    /// Written through to the user defaults: after a relaunch, a query from no anchor
    /// would import again every drink already on disk.
    private var anchor: HKQueryAnchor? {
        didSet { saveAnchor() }
    }
    private let defaults: UserDefaults

    /// The load under way, if any.
    private var loadInProgress: Task<Bool, Never>?

    init(model: CoffeeData) {
        self.model = model
        store = HKHealthStore()
        clock = model.device.clock
        defaults = model.device.userDefaults
        anchor = Self.savedAnchor(in: defaults)
    }

    nonisolated var isAvailable: Bool { HKHealthStore.isHealthDataAvailable() }

    /// Asks for access to caffeine data. Returns whether HealthKit answered.
    func requestAuthorization() async -> Bool {
        guard isAvailable else { return false }

        do {
            try await store.requestAuthorization(toShare: [caffeineType], read: [caffeineType])
            isAuthorized = true
            return true
        } catch {
            logger.error("Authorization failed: \(error)")
            return false
        }
    }

    /// Saves a drink to HealthKit.
    func save(_ drink: Drink) async {
        guard isAuthorized else { return }

        let sample = HKQuantitySample(
            type: caffeineType,
            quantity: HKQuantity(unit: milligrams, doubleValue: drink.mgCaffeine),
            start: drink.date, end: drink.date,
            metadata: [HKMetadataKeySyncIdentifier: drink.uuid.uuidString, HKMetadataKeySyncVersion: 1]
        )

        do {
            try await store.save(sample)
            logger.debug("Saved a drink to HealthKit.")
        } catch {
            logger.error("Could not save a drink to HealthKit: \(error)")
        }
    }

    /// Loads what other apps added to or deleted from HealthKit since the last load,
    /// and applies it to the model. Returns whether it succeeded.
    ///
    /// A call made while a load is under way joins that load. Two loads would both start
    /// from the same anchor (the actor runs other calls while one awaits its query) and
    /// import the same samples twice.
    @discardableResult
    func loadNewDataFromHealthKit() async -> Bool {
        if let loadInProgress {
            return await loadInProgress.value
        }
        let load = Task(name: "HealthKit load") { await loadChanges() }
        loadInProgress = load
        let success = await load.value
        loadInProgress = nil
        return success
    }

    private func loadChanges() async -> Bool {
        guard isAvailable else { return false }

        // The live query and this one would both report from the anchor: it waits.
        stopLiveUpdates()
        do {
            let (samples, deletedSamples, newAnchor) = try await queryHealthKit()
            await apply(samples: samples, deletedSamples: deletedSamples, newAnchor: newAnchor)
            startLiveUpdates()
            return true
        } catch {
            logger.error("The HealthKit query failed: \(error)")
            return false
        }
    }

    /// Moves the anchor and applies what a query reported to the model.
    private func apply(samples: [HKSample], deletedSamples: [HKDeletedObject], newAnchor: HKQueryAnchor?) async {
        anchor = newAnchor

        // The app's own drinks are in the list already: import other apps' samples only.
        let newDrinks = samples.compactMap { $0 as? HKQuantitySample }
            .filter { $0.sourceRevision.source != .default() }
            .map(drink(from:))
        let deletedDrinks = Set(deletedSamples.map(drinkID(of:)))

        await model?.updateModel(newDrinks: newDrinks, deletedDrinks: deletedDrinks)
    }

    /// Runs one anchored query from the last anchor. The query calls back on the store's
    /// queue; the continuation hands its results to the awaiting task.
    private func queryHealthKit() async throws -> ([HKSample], [HKDeletedObject], HKQueryAnchor?) {
        let lastDay = HKQuery.predicateForSamples(
            withStart: clock.now.addingTimeInterval(-Drink.lifetime), end: nil, options: .strictStartDate)

        return try await withCheckedThrowingContinuation { continuation in
            let query = HKAnchoredObjectQuery(
                type: caffeineType, predicate: lastDay, anchor: anchor, limit: HKObjectQueryNoLimit
            ) { _, samples, deletedSamples, newAnchor, error in
                if let samples, let deletedSamples {
                    continuation.resume(returning: (samples, deletedSamples, newAnchor))
                } else {
                    continuation.resume(throwing: error ?? HKError(.errorDatabaseInaccessible))
                }
            }
            store.execute(query)
        }
    }

    // MARK: - Live updates

    /// One report of the live query: what changed, and the anchor after it.
    private typealias LiveReport = (
        query: HKAnchoredObjectQuery, samples: [HKSample], deletedSamples: [HKDeletedObject], newAnchor: HKQueryAnchor?
    )

    /// The long-running query that brings other apps' changes while the app runs, from the
    /// anchor the last load left, and the stream that hands its reports on.
    private var liveQuery: HKAnchoredObjectQuery?
    private var liveReports: AsyncStream<LiveReport>.Continuation?

    deinit {
        // The store keeps a long-running query, and its handlers, until it is stopped.
        if let liveQuery { store.stop(liveQuery) }
        liveReports?.finish()
    }

    private func startLiveUpdates() {
        guard liveQuery == nil else { return }
        let lastDay = HKQuery.predicateForSamples(
            withStart: clock.now.addingTimeInterval(-Drink.lifetime), end: nil, options: .strictStartDate)

        // The handler is called again at every change: a continuation resumes once, a
        // stream hands on every report, in the order the store made them.
        let (reports, continuation) = AsyncStream.makeStream(of: LiveReport.self)
        let report: HKAnchoredObjectQuery.ResultsHandler = { query, samples, deletedSamples, newAnchor, error in
            guard let samples, let deletedSamples else {
                logger.error("The live query failed: \(String(describing: error))")
                return
            }
            continuation.yield((query, samples, deletedSamples, newAnchor))
        }
        let query = HKAnchoredObjectQuery(
            type: caffeineType, predicate: lastDay, anchor: anchor, limit: HKObjectQueryNoLimit, resultsHandler: report)
        query.updateHandler = report
        liveQuery = query
        liveReports = continuation
        // Weak: the task lives as long as the stream, which ends in `deinit`; a strong
        // `self` would keep the controller alive, and the query running, for ever.
        Task(name: "Live query reports") { [weak self] in
            for await report in reports {
                await self?.applyLive(report)
            }
        }
        store.execute(query)
    }

    private func applyLive(_ report: LiveReport) async {
        // A report made before a load stopped the query is that load's to bring.
        guard report.query === liveQuery else { return }
        await apply(samples: report.samples, deletedSamples: report.deletedSamples, newAnchor: report.newAnchor)
    }

    private func stopLiveUpdates() {
        guard let liveQuery else { return }
        store.stop(liveQuery)
        self.liveQuery = nil
        liveReports?.finish()
        liveReports = nil
    }

    private func drink(from sample: HKQuantitySample) -> Drink {
        Drink(mgCaffeine: sample.quantity.doubleValue(for: milligrams), onDate: sample.startDate, uuid: sample.uuid)
    }

    /// The drink a deleted sample stood for. The app saves each drink with its UUID as the
    /// sync identifier; another app's sample was imported under the sample's own UUID.
    private func drinkID(of deletedObject: HKDeletedObject) -> UUID {
        let syncIdentifier = deletedObject.metadata?[HKMetadataKeySyncIdentifier] as? String
        return syncIdentifier.flatMap(UUID.init(uuidString:)) ?? deletedObject.uuid
    }

    // MARK: - The anchor in the user defaults

    private static let anchorKey = "anchor"

    private static func savedAnchor(in defaults: UserDefaults) -> HKQueryAnchor? {
        guard let data = defaults.data(forKey: anchorKey) else { return nil }
        return try? NSKeyedUnarchiver.unarchivedObject(ofClass: HKQueryAnchor.self, from: data)
    }

    private func saveAnchor() {
        guard let anchor, let data = try? NSKeyedArchiver.archivedData(withRootObject: anchor, requiringSecureCoding: true)
        else { return }
        defaults.set(data, forKey: Self.anchorKey)
    }
}
