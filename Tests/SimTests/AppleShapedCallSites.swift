import Dispatch
import Foundation
import HealthKitSim
import SimSupport
import Testing
import WatchKitSim

// Call sites written the way Apple's samples and documentation write them, compiled
// against the simulated SDKs, and what they do at run time. If one of these stops
// compiling, the kit no longer declares what Apple declares, and Steps/FIDELITY.md is
// out of date. The rows of that record name the tests here that prove them.

/// The app's model, like the sample's `CoffeeData`: main-actor state the complication reads.
@MainActor
final class CaffeineLevel {
    static let shared = CaffeineLevel()
    var milligrams = 0
}

/// Shaped like the sample's complication controller: an `NSObject` subclass with no actor
/// annotation of its own. Conforming to `CLKComplicationDataSource`, a `@MainActor`
/// protocol, makes the class and its methods main-actor isolated.
final class ComplicationController: NSObject, CLKComplicationDataSource {
    let asked = Asked()

    func getCurrentTimelineEntry(
        for complication: CLKComplication,
        withHandler handler: @escaping (CLKComplicationTimelineEntry?) -> Void
    ) {
        asked.note()
        MainActor.assertIsolated("the complication server asked off the main actor")
        // A synchronous read of main-actor state: it compiles only in main-actor code.
        let milligrams = CaffeineLevel.shared.milligrams
        let template = CLKComplicationTemplateModularSmallStackText(
            line1TextProvider: CLKSimpleTextProvider(text: "\(milligrams)"),
            line2TextProvider: CLKSimpleTextProvider(text: "mg"))
        handler(CLKComplicationTimelineEntry(date: SimClock.morning, complicationTemplate: template))
    }
}

/// The same, implementing only the async form that Swift generates from the handler form.
final class AsyncComplicationController: NSObject, CLKComplicationDataSource {
    let asked = Asked()

    func currentTimelineEntry(for complication: CLKComplication) async -> CLKComplicationTimelineEntry? {
        asked.note()
        MainActor.assertIsolated("the complication server asked off the main actor")
        let template = CLKComplicationTemplateModularSmallStackText(
            line1TextProvider: CLKSimpleTextProvider(text: "\(CaffeineLevel.shared.milligrams)"),
            line2TextProvider: CLKSimpleTextProvider(text: "mg"))
        return CLKComplicationTimelineEntry(date: SimClock.morning, complicationTemplate: template)
    }
}

// The test app's own requirements (a plain `init()` and the `asked` counter), kept out of
// the declarations above so that their isolation comes from `CLKComplicationDataSource`.
extension ComplicationController: TestDataSource {}
extension AsyncComplicationController: TestDataSource {}

/// Shaped like the sample's extension delegate, under the watchOS 7 name: it finishes a
/// refresh on a background queue and completes the task there.
final class RefreshDelegate: NSObject, WKApplicationDelegate {
    /// Whether the refresh task was completed on the main queue.
    let completedOnMainQueue = Box<Bool>()

    func handle(_ backgroundTasks: Set<WKRefreshBackgroundTask>) {
        for task in backgroundTasks {
            switch task {
            case let refreshTask as WKApplicationRefreshBackgroundTask:
                let completedOnMainQueue = completedOnMainQueue
                // The task class is Sendable (`NS_SWIFT_SENDABLE` in WatchKit), so a Swift 6
                // app sends it to another queue with no diagnostic and no special import.
                DispatchQueue.global(qos: .background).async {
                    completedOnMainQueue.put(MainQueue.isCurrent)
                    refreshTask.setTaskCompletedWithSnapshot(false)
                }
            default:
                task.setTaskCompletedWithSnapshot(false)
            }
        }
    }
}

/// Shaped like the sample's `CoffeeData` (WWDC21 and Swift 6 versions alike): an
/// `ObservableObject` whose `@Published` drink list saves itself in a `didSet`.
final class DrinkModel: ObservableObject {
    @Published var currentDrinks: [String] = [] {
        didSet {
            saved = currentDrinks
        }
    }

    var saved: [String] = []
}

@Suite("Apple-shaped call sites")
@MainActor
struct AppleShapedCallSites {
    let morning = SimClock.morning
    let milligrams = HKUnit.gramUnit(with: .milli)

    // MARK: HealthKit

    @Test("HKHealthStore.isHealthDataAvailable(), a class method, answers for the watch the app was launched on", arguments: [true, false])
    func healthDataAvailable(_ available: Bool) async throws {
        try await withTestApp(configure: { $0.health.isAvailable = available }) { _ in
            #expect(HKHealthStore.isHealthDataAvailable() == available)
            // An app may ask from any thread.
            let fromBackground = try await inBackground("isHealthDataAvailable off main") {
                HKHealthStore.isHealthDataAvailable()
            }
            #expect(fromBackground == available)
        }
    }

    @Test("HKHealthStore() connects to the Health database of the watch the app runs on")
    func storeConnectsToRunningWatch() async throws {
        try await withTestApp { run in
            let healthStore = HKHealthStore()
            try await healthStore.requestAuthorization(toShare: [caffeineType], read: [caffeineType])
            #expect(healthStore.authorizationStatus(for: caffeineType) == .sharingAuthorized)
            #expect(run.device.health.authorizationStatus == .sharingAuthorized)

            let drink = HKQuantitySample(
                type: caffeineType, quantity: HKQuantity(unit: milligrams, doubleValue: 95),
                start: run.device.clock.now, end: run.device.clock.now)
            try await healthStore.save(drink)
            #expect(run.device.health.samples.map(\.uuid) == [drink.uuid])

            // A store made on another thread reaches the same database.
            let other = try await inBackground("a store made off main") { HKHealthStore() }
            let answer = try await query(other)
            #expect(uuids(answer.samples) == [drink.uuid])
        }
    }

    @Test("an HKQueryAnchor survives NSKeyedArchiver with secure coding; a query from the restored anchor returns only later changes")
    func anchorArchiving() async throws {
        try await withTestApp { run in
            let healthStore = HKHealthStore()
            try await healthStore.requestAuthorization(toShare: [caffeineType], read: [caffeineType])
            let before = sample(at: morning - hour)
            run.device.health.add([before])
            let first = try await query(healthStore)
            #expect(uuids(first.samples) == [before.uuid])
            let anchor = try #require(first.anchor)

            // Kept as the stages keep it: archived into the app's user defaults.
            let defaults = run.device.userDefaults
            let data = try NSKeyedArchiver.archivedData(withRootObject: anchor, requiringSecureCoding: true)
            defaults.set(data, forKey: "anchor")

            let after = sample(at: morning)
            run.device.health.add([after])

            let stored = try #require(defaults.data(forKey: "anchor"))
            let restored = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: HKQueryAnchor.self, from: stored))
            #expect(restored !== anchor)
            let update = try await query(healthStore, anchor: restored)
            #expect(uuids(update.samples) == [after.uuid])
            #expect(update.deleted?.isEmpty == true)
        }
    }

    @Test("HKAnchoredObjectQueryDescriptor.result(for:) returns the added samples, the deleted objects and a new anchor")
    func anchoredQueryDescriptor() async throws {
        try await withTestApp { run in
            let health = run.device.health
            let healthStore = HKHealthStore()
            try await healthStore.requestAuthorization(toShare: [caffeineType], read: [caffeineType])
            let first = sample(at: morning - 2 * hour)
            let second = sample(at: morning - hour, from: .default())
            health.add([first, second])

            let descriptor = HKAnchoredObjectQueryDescriptor(predicates: [.quantitySample(type: caffeineType)], anchor: nil)
            let initial = try await descriptor.result(for: healthStore)
            #expect(uuids(initial.addedSamples) == [first.uuid, second.uuid])
            #expect(initial.deletedObjects.isEmpty)

            let added = sample(at: morning)
            health.add([added])
            #expect(health.deleteSample(uuid: first.uuid))
            let update = try await HKAnchoredObjectQueryDescriptor(
                predicates: [.quantitySample(type: caffeineType)], anchor: initial.newAnchor
            ).result(for: healthStore)
            #expect(uuids(update.addedSamples) == [added.uuid])
            #expect(uuids(update.deletedObjects) == [first.uuid])

            // A predicate and a limit, as the descriptor takes them.
            let others = HKAnchoredObjectQueryDescriptor(
                predicates: [.quantitySample(type: caffeineType, predicate: HKQuery.predicateForObjects(from: anotherApp))],
                anchor: nil, limit: 1)
            let limited = try await others.result(for: healthStore)
            #expect(limited.addedSamples.count == 1)
            #expect(limited.addedSamples.allSatisfy { $0.sourceRevision.source == anotherApp })

            // A failing query throws.
            health.failQueries(with: HKError(.errorDatabaseInaccessible))
            await #expect(throws: HKError(.errorDatabaseInaccessible)) { try await descriptor.result(for: healthStore) }
        }
    }

    @Test("HKDeletedObject.metadata?[HKMetadataKeySyncIdentifier] as? String is the sync identifier the sample was saved with")
    func deletedObjectSyncIdentifier() async throws {
        try await withTestApp { run in
            let healthStore = HKHealthStore()
            try await healthStore.requestAuthorization(toShare: [caffeineType], read: [caffeineType])
            let drinkID = UUID()
            let drink = HKQuantitySample(
                type: caffeineType, quantity: HKQuantity(unit: milligrams, doubleValue: 95), start: morning, end: morning,
                metadata: [HKMetadataKeySyncIdentifier: drinkID.uuidString, HKMetadataKeySyncVersion: 1])
            try await healthStore.save(drink)
            let first = try await query(healthStore)
            #expect(uuids(first.samples) == [drink.uuid])
            #expect(first.samples?.first?.metadata?[HKMetadataKeySyncIdentifier] as? String == drinkID.uuidString)

            // The user deletes the drink in the Health app.
            #expect(run.device.health.deleteSample(uuid: drink.uuid))
            let update = try await query(healthStore, anchor: first.anchor)
            let deleted = try #require(update.deleted?.first)
            #expect(deleted.uuid == drink.uuid)
            #expect(deleted.metadata?[HKMetadataKeySyncIdentifier] as? String == drinkID.uuidString)
            #expect(deleted.metadata?[HKMetadataKeySyncVersion] as? Int == 1)
        }
    }

    @Test("a deleted object keeps only the sync identifier and sync version of its sample's metadata")
    func deletedObjectKeepsOnlySyncKeys() async throws {
        let database = healthDatabase()
        let store = try await authorizedStore(database)
        let drink = HKQuantitySample(
            type: caffeineType, quantity: HKQuantity(unit: milligrams, doubleValue: 95), start: morning, end: morning,
            metadata: [HKMetadataKeySyncIdentifier: "drink-1", HKMetadataKeySyncVersion: 1, "Roast": "dark"])
        try await store.save(drink)
        let first = try await query(store)
        #expect(database.deleteSample(uuid: drink.uuid))

        let update = try await query(store, anchor: first.anchor)
        let deleted = try #require(update.deleted?.first)
        #expect(Set(deleted.metadata.map { Array($0.keys) } ?? []) == [HKMetadataKeySyncIdentifier, HKMetadataKeySyncVersion])
        #expect(deleted.metadata?[HKMetadataKeySyncIdentifier] as? String == "drink-1")
    }

    // MARK: ClockKit

    @Test("CLKComplicationServer.sharedInstance().reloadTimeline(for:) returns at once; the data source is asked afterwards")
    func reloadThroughSharedInstance() async throws {
        try await withTestApp(ComplicationController.self) { run in
            CaffeineLevel.shared.milligrams = 95
            let server = CLKComplicationServer.sharedInstance()
            #expect(server === run.runtime.complicationServer)

            for complication in server.activeComplications ?? [] {
                server.reloadTimeline(for: complication)
            }
            #expect(run.dataSource.asked.count == 0, "the data source was asked inside reloadTimeline")
            try await waitUntil("the complication entry") { server.reloadCount == 1 }
            #expect(run.dataSource.asked.count == 1)
            #expect(server.currentEntry?.text == "95 mg")

            // The class has no actor annotation: the same server from any thread. It is not
            // Sendable, so each thread asks the class for it rather than being handed one.
            let fromBackground = try await inBackground("sharedInstance off main") {
                ObjectIdentifier(CLKComplicationServer.sharedInstance())
            }
            #expect(fromBackground == ObjectIdentifier(server))
        }
    }

    @Test("a data source class with no actor annotation is main-actor isolated by its conformance, and reads main-actor state")
    func dataSourceIsolatedByConformance() async throws {
        try await withTestApp(ComplicationController.self) { run in
            CaffeineLevel.shared.milligrams = 64
            let server = CLKComplicationServer.sharedInstance()

            // Asked from a background thread's reload: still on the main actor, where
            // `MainActor.assertIsolated()` inside the data source holds.
            startInBackground { CLKComplicationServer.sharedInstance().reloadTimeline(for: .caffeine) }
            try await waitUntil("the complication entry") { server.reloadCount == 1 }
            #expect(server.currentEntry?.text == "64 mg")
            #expect(run.dataSource.asked.count == 1)
            #expect(run.dataSource.asked.offMainCount == 0)
            #expect(run.record.offMainCalls.isEmpty)
        }
    }

    @Test("a data source implementing only the async form is asked in that form and its entry shown")
    func asyncOnlyDataSource() async throws {
        try await withTestApp(AsyncComplicationController.self) { run in
            CaffeineLevel.shared.milligrams = 128
            let server = CLKComplicationServer.sharedInstance()

            server.reloadTimeline(for: .caffeine)
            #expect(run.dataSource.asked.count == 0, "the data source was asked inside reloadTimeline")
            try await waitUntil("the complication entry") { server.reloadCount == 1 }
            #expect(server.currentEntry?.text == "128 mg")
            #expect(run.dataSource.asked.offMainCount == 0)
        }
    }

    // MARK: SwiftUI and Combine

    @Test("an ObservableObject's @Published property with a didSet, as the sample declares its drinks")
    func publishedModel() {
        let model = DrinkModel()
        model.currentDrinks.append("espresso")
        model.currentDrinks = model.currentDrinks + ["latte"]
        #expect(model.currentDrinks == ["espresso", "latte"])
        #expect(model.saved == ["espresso", "latte"])
    }

    // MARK: WatchKit

    @Test("WKExtension.shared() and WKApplication.shared() are the same running runtime")
    func sharedRuntime() async throws {
        try await withTestApp { run in
            #expect(WKExtension.shared() === run.runtime)
            #expect(WKApplication.shared() === WKExtension.shared())
            #expect(WKApplication.shared().applicationState == .active)
            run.runtime.enterBackground()
            #expect(WKExtension.shared().applicationState == .background)
        }
    }

    @Test("scheduleBackgroundRefresh(withPreferredDate:userInfo:scheduledCompletion:) calls its completion after returning, on main")
    func scheduleBackgroundRefresh() async throws {
        try await withTestApp { run in
            let fireDate = run.device.clock.now.addingTimeInterval(15 * 60)
            let scheduled = Box<(failed: Bool, onMainQueue: Bool, afterReturn: Bool)>()
            var returned = false

            WKApplication.shared().scheduleBackgroundRefresh(withPreferredDate: fireDate, userInfo: nil) { error in
                scheduled.put((error != nil, MainQueue.isCurrent, returned))
            }
            returned = true
            #expect(scheduled.value == nil, "the completion ran inside the call")

            let (failed, onMainQueue, afterReturn) = try await awaitValue(scheduled, "the scheduled completion")
            #expect(!failed)
            #expect(onMainQueue)
            #expect(afterReturn)

            // userInfo takes a secure-coding object, as in WatchKit.
            let userInfo = NSString(string: "caffeine")
            WKExtension.shared().scheduleBackgroundRefresh(withPreferredDate: fireDate + 900, userInfo: userInfo) { _ in }
            #expect(run.record.scheduledRefreshes == [fireDate, fireDate + 900])
            #expect(run.record.offMainCalls.isEmpty)
        }
    }

    @Test("a WKRefreshBackgroundTask completed from a background queue is recorded as a completion, not as an off-main call")
    func taskCompletedInBackground() async throws {
        try await withTestApp { run in
            // The test app's delegate keeps the task; the Apple-shaped one completes it.
            let task = run.runtime.deliverBackgroundRefresh()
            #expect(run.record.completionCount(of: task.identifier) == 0)

            let delegate = RefreshDelegate()
            delegate.handle([task])
            #expect(try await awaitValue(delegate.completedOnMainQueue, "the completion") == false)
            try await waitUntil("the completion recorded") { run.record.completionCount(of: task.identifier) == 1 }
            #expect(run.record.completions.map(\.ioInFlight) == [0])

            try await mainQueueDrained()
            #expect(run.record.offMainCalls.isEmpty)
        }
    }
}

/// HealthKit's rule for sync identifiers, which the stages rely on when they save drinks.
@Suite("Apple-shaped call sites: sync metadata")
struct AppleShapedSyncMetadata {
    let milligrams = HKUnit.gramUnit(with: .milli)

    @Test("saving a sample with a sync identifier but no sync version fails")
    func syncIdentifierNeedsSyncVersion() async throws {
        let database = healthDatabase()
        let store = try await authorizedStore(database)
        let drink = HKQuantitySample(
            type: caffeineType, quantity: HKQuantity(unit: milligrams, doubleValue: 95),
            start: SimClock.morning, end: SimClock.morning,
            metadata: [HKMetadataKeySyncIdentifier: "drink-1"])
        await #expect(throws: HKError(.errorInvalidArgument)) { try await store.save(drink) }
    }
}
