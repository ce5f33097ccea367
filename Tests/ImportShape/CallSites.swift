// Call sites a learner writes against HealthKit, WatchKit and ClockKit, shaped like the
// stages' code. Tests/SimTests/ImportShapeTests.swift type-checks this file twice: against
// the simulators (its imports rewritten to HealthKitSim and WatchKitSim) and against the
// Objective-C headers in this folder (`import Foundation` rewritten to ObjCBase). Both
// must give the same diagnostics on the same lines, in the Swift 5 mode with complete
// checking and in the Swift 6 mode. A line marked `// diagnosed` must draw at least one
// diagnostic there, a line marked `// clean` none.

import ClockKit
import Dispatch
import Foundation
import HealthKit
import WatchKit

// MARK: HealthKit

/// Main-actor state, like the model of stage 3 on.
@MainActor
final class HealthModel {
    var isAuthorized = false
    var anchor: HKQueryAnchor?
    var saved = 0

    // HealthKit's completion handlers are @Sendable: main-actor state is out of reach there.
    func requestAuthorization(_ store: HKHealthStore) {
        store.requestAuthorization(toShare: nil, read: nil) { success, _ in // clean
            self.isAuthorized = success // diagnosed
        }
    }

    func save(_ sample: HKQuantitySample, to store: HKHealthStore) {
        store.save(sample) { _, _ in // clean
            self.saved += 1 // diagnosed
        }
    }

    func save(_ sample: HKQuantitySample, awaitingIn store: HKHealthStore) async throws {
        try await store.save(sample) // clean
        saved += 1 // clean
    }

    // So are the anchored query's handlers, the results handler and the update handler.
    func load(_ type: HKQuantityType, from store: HKHealthStore) {
        let query = HKAnchoredObjectQuery(
            type: type, predicate: nil, anchor: anchor, limit: HKObjectQueryNoLimit
        ) { _, _, _, newAnchor, _ in
            self.anchor = newAnchor // diagnosed
        }
        store.execute(query) // clean
    }

    func watch(_ type: HKQuantityType, in store: HKHealthStore) {
        let query = HKAnchoredObjectQuery(type: type, predicate: nil, anchor: nil, limit: HKObjectQueryNoLimit) { _, _, _, _, _ in }
        query.updateHandler = { _, _, _, newAnchor, _ in
            self.anchor = newAnchor // diagnosed
        }
        store.execute(query)
        store.stop(query) // clean
    }
}

/// Nonisolated, like the stages' HealthKit controller before step 4. Its non-Sendable self
/// may not enter a @Sendable handler; HealthKit's own types cross threads freely.
final class HealthController {
    let store: HKHealthStore
    var isAuthorized = false

    init(store: HKHealthStore) { self.store = store }

    func requestAuthorization() {
        store.requestAuthorization(toShare: nil, read: nil) { success, _ in
            self.isAuthorized = success // diagnosed
        }
    }

    var isAvailable: Bool { HKHealthStore.isHealthDataAvailable() } // clean

    func send(_ sample: HKQuantitySample, _ anchor: HKQueryAnchor?) {
        let store = store
        DispatchQueue.global().async {
            store.save(sample) { _, _ in } // clean
            _ = anchor // clean
        }
    }
}

// MARK: ClockKit

@MainActor
final class Level {
    static let shared = Level()
    var milligrams = 0
}

/// Shaped like the sample's complication controller: `NSObject`, no actor annotation of its
/// own; the `@MainActor` protocol isolates it.
final class ComplicationController: NSObject, CLKComplicationDataSource {
    var lastComplication: CLKComplication?

    // The handler is not @Sendable: main-actor code, which must not leave the main actor.
    func getCurrentTimelineEntry(
        for complication: CLKComplication,
        withHandler handler: @escaping (CLKComplicationTimelineEntry?) -> Void
    ) {
        lastComplication = complication // clean
        _ = Level.shared.milligrams // clean
        handler(nil) // clean
        DispatchQueue.global().async {
            handler(nil) // diagnosed
        }
    }
}

/// The async form of the same requirement.
final class AsyncComplicationController: NSObject, CLKComplicationDataSource {
    func currentTimelineEntry(for complication: CLKComplication) async -> CLKComplicationTimelineEntry? {
        _ = Level.shared.milligrams // clean
        return nil
    }
}

/// The data source is main-actor isolated by its conformance.
func readOffMain(_ controller: ComplicationController) {
    _ = controller.lastComplication // diagnosed
}

/// The server has no actor, and neither it nor a complication is Sendable.
func reload(_ complication: CLKComplication) {
    let server = CLKComplicationServer.sharedInstance() // clean
    server.reloadTimeline(for: complication) // clean
    DispatchQueue.global().async {
        _ = server // diagnosed
    }
    DispatchQueue.global().async {
        _ = complication // diagnosed
    }
}

/// Nor is a timeline entry (nor its template and text providers).
func send(_ entry: CLKComplicationTimelineEntry) {
    DispatchQueue.global().async {
        _ = entry // diagnosed
    }
}

// MARK: WatchKit

/// Shaped like the sample's extension delegate.
final class ExtensionDelegate: NSObject, WKExtensionDelegate {
    var launched = false

    func applicationDidFinishLaunching() {
        launched = true // clean
        _ = WKExtension.shared().applicationState // clean
    }

    func schedule(at fireDate: Date) {
        WKExtension.shared().scheduleBackgroundRefresh(withPreferredDate: fireDate, userInfo: nil) { _ in
            self.launched = true // clean
        }
    }
}

/// WKExtension is main-actor isolated; so is the delegate, by its conformance.
func stateOffMain() {
    _ = WKExtension.shared() // diagnosed
}

func launchedOffMain(_ delegate: ExtensionDelegate) {
    _ = delegate.launched // diagnosed
}

/// A background task is Sendable, with no actor: it may be completed from any thread. (The
/// task comes as a parameter: `handle(_:)` takes an NSSet, which bridges to a Set only with
/// Foundation's overlay, so the delegate above does not implement it.)
func complete(_ task: WKRefreshBackgroundTask) {
    task.expirationHandler = { // clean
        task.setTaskCompletedWithSnapshot(false) // clean
    }
    DispatchQueue.global().async {
        task.setTaskCompletedWithSnapshot(false) // clean
    }
}
