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
    private var anchor: HKQueryAnchor?

    init(model: CoffeeData) {
        self.model = model
        store = HKHealthStore(database: model.device.health)
        clock = model.device.clock
    }

    var isAvailable: Bool { store.isHealthDataAvailable() }

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

    @available(*, deprecated, message: "Use the async version: await requestAuthorization()")
    func requestAuthorization(completionHandler: @escaping (Bool) -> Void) {
        Task {
            let success = await requestAuthorization()
            completionHandler(success)
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
    /// and applies it to the model. Calls back with whether it succeeded.
    func loadNewDataFromHealthKit(completionHandler: @escaping (Bool) -> Void = { _ in }) {
        guard isAvailable else {
            completionHandler(false)
            return
        }

        let lastDay = HKQuery.predicateForSamples(
            withStart: clock.now.addingTimeInterval(-Drink.lifetime), end: nil, options: .strictStartDate)
        let fromOtherApps = HKPredicate(notPredicateWithSubpredicate: HKQuery.predicateForObjects(from: .default()))
        let predicate = HKPredicate(andPredicateWithSubpredicates: [lastDay, fromOtherApps])

        let query = HKAnchoredObjectQuery(
            type: caffeineType, predicate: predicate, anchor: anchor, limit: HKObjectQueryNoLimit
        ) { _, samples, deletedSamples, newAnchor, error in
            self.queryFinished(
                samples: samples, deletedSamples: deletedSamples, newAnchor: newAnchor, error: error,
                completionHandler: completionHandler)
        }
        store.execute(query)
    }

    // Runs on the store's queue.
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

        let newDrinks = samples.compactMap { $0 as? HKQuantitySample }.map(drink(from:))
        let deletedDrinks = Set(deletedSamples.map(\.uuid))

        DispatchQueue.main.async {
            self.updateModel(newDrinks: newDrinks, deletedDrinks: deletedDrinks)
            completionHandler(true)
        }
    }

    private func drink(from sample: HKQuantitySample) -> Drink {
        Drink(mgCaffeine: sample.quantity.doubleValue(for: milligrams), onDate: sample.startDate, uuid: sample.uuid)
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
