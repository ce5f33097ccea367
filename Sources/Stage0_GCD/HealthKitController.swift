import CoffeeModel
import Foundation
import HealthKitSim
import WatchKitSim

private let logger = Logger(subsystem: "com.example.CoffeeTracker", category: "HealthKit")

/// Reads and writes the app's caffeine samples in HealthKit.
final class HealthKitController {
    private weak var model: CoffeeData?
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

    init(model: CoffeeData) {
        self.model = model
        store = HKHealthStore()
        clock = model.device.clock
        defaults = model.device.userDefaults
        anchor = Self.savedAnchor(in: defaults)
    }

    var isAvailable: Bool { HKHealthStore.isHealthDataAvailable() }

    /// Asks for access to caffeine data. Calls back on the main queue.
    func requestAuthorization(completionHandler: @escaping (Bool) -> Void) {
        guard isAvailable else { return }

        store.requestAuthorization(toShare: [caffeineType], read: [caffeineType]) { success, error in
            if let error {
                logger.error("Authorization failed: \(error)")
            }
            self.isAuthorized = success
            DispatchQueue.main.async {
                completionHandler(success)
            }
        }
    }

    /// Saves a drink to HealthKit.
    func save(_ drink: Drink) {
        guard isAuthorized else { return }

        let sample = HKQuantitySample(
            type: caffeineType,
            quantity: HKQuantity(unit: milligrams, doubleValue: drink.mgCaffeine),
            start: drink.date, end: drink.date,
            metadata: [HKMetadataKeySyncIdentifier: drink.uuid.uuidString, HKMetadataKeySyncVersion: 1]
        )

        store.save(sample) { success, error in
            if success {
                logger.debug("Saved a drink to HealthKit.")
            } else {
                logger.error("Could not save a drink to HealthKit: \(String(describing: error))")
            }
        }
    }

    /// Loads what other apps added to or deleted from HealthKit since the last load,
    /// and applies it to the model. Calls back with whether it succeeded.
    func loadNewDataFromHealthKit(completionHandler: @escaping (Bool) -> Void = { _ in }) {
        guard isAvailable else {
            completionHandler(false)
            return
        }

        let lastDay = HKQuery.predicateForSamples(
            withStart: clock.now.addingTimeInterval(-Drink.lifetime), end: nil, options: .strictStartDate)

        // The live query and this one would both report from the anchor: it waits.
        stopLiveUpdates()
        let query = HKAnchoredObjectQuery(
            type: caffeineType, predicate: lastDay, anchor: anchor, limit: HKObjectQueryNoLimit
        ) { _, samples, deletedSamples, newAnchor, error in
            self.queryFinished(
                samples: samples, deletedSamples: deletedSamples, newAnchor: newAnchor, error: error
            ) { success in
                if success { self.startLiveUpdates() }
                completionHandler(success)
            }
        }
        store.execute(query)
    }

    // MARK: - Live updates

    /// The long-running query that brings other apps' changes while the app runs, from the
    /// anchor the last load left. Main-thread state, like the model.
    private var liveQuery: HKAnchoredObjectQuery?

    deinit {
        // The store keeps a long-running query, and its handlers, until it is stopped.
        if let liveQuery { store.stop(liveQuery) }
    }

    // Runs on the main thread.
    private func startLiveUpdates() {
        guard liveQuery == nil else { return }
        let lastDay = HKQuery.predicateForSamples(
            withStart: clock.now.addingTimeInterval(-Drink.lifetime), end: nil, options: .strictStartDate)

        // Weak: the store keeps the query, the query its handlers; a strong `self` here
        // would keep the controller alive, and the query running, for ever.
        let report: HKAnchoredObjectQuery.ResultsHandler = { [weak self] query, samples, deletedSamples, newAnchor, error in
            guard let self else { return }
            DispatchQueue.main.async {
                // A report made before a load stopped the query is that load's to bring.
                guard query === self.liveQuery else { return }
                self.queryFinished(
                    samples: samples, deletedSamples: deletedSamples, newAnchor: newAnchor, error: error,
                    completionHandler: { _ in })
            }
        }
        let query = HKAnchoredObjectQuery(
            type: caffeineType, predicate: lastDay, anchor: anchor, limit: HKObjectQueryNoLimit, resultsHandler: report)
        query.updateHandler = report
        liveQuery = query
        store.execute(query)
    }

    // Runs on the main thread.
    private func stopLiveUpdates() {
        guard let liveQuery else { return }
        store.stop(liveQuery)
        self.liveQuery = nil
    }

    // Runs on the store's queue (a load's results) or on main (the live query's).
    private func queryFinished(
        samples: [HKSample]?, deletedSamples: [HKDeletedObject]?, newAnchor: HKQueryAnchor?, error: Error?,
        completionHandler: @escaping (Bool) -> Void
    ) {
        guard let samples, let deletedSamples else {
            logger.error("The HealthKit query failed: \(String(describing: error))")
            completionHandler(false)
            return
        }

        anchor = newAnchor

        // The app's own drinks are in the list already: import other apps' samples only.
        let newDrinks = samples.compactMap { $0 as? HKQuantitySample }
            .filter { $0.sourceRevision.source != .default() }
            .map(drink(from:))
        let deletedDrinks = Set(deletedSamples.map(drinkID(of:)))

        DispatchQueue.main.async {
            self.updateModel(newDrinks: newDrinks, deletedDrinks: deletedDrinks)
            completionHandler(true)
        }
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

    private func updateModel(newDrinks: [Drink], deletedDrinks: Set<UUID>) {
        guard !newDrinks.isEmpty || !deletedDrinks.isEmpty, let model else { return }
        dispatchPrecondition(condition: .onQueue(.main))

        var drinks = model.currentDrinks.filter { !deletedDrinks.contains($0.uuid) }
        drinks += newDrinks
        drinks.sort { $0.date < $1.date }
        model.currentDrinks = drinks.recent(at: clock.now)
    }
}
