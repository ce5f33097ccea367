import Foundation
import WatchKitSim

// By default a global is main-actor; the completion below logs from any queue.
nonisolated private let logger = Logger(subsystem: "com.example.CoffeeTracker", category: "ExtensionDelegate")

/// Answers the runtime: launch and background refresh.
final class ExtensionDelegate: NSObject, WKExtensionDelegate {
    let model: CoffeeData

    init(model: CoffeeData) {
        self.model = model
    }

    func applicationDidFinishLaunching() {
        // One sequence: HealthKit's changes apply to the drinks on disk, so read those first.
        Task(name: "Launch") {
            await model.load()

            let success = await model.healthKitController.requestAuthorization()
            model.healthAccess = success ? .granted : .unavailable
            guard success else { return }
            await model.healthKitController.loadNewDataFromHealthKit()
            scheduleBackgroundRefresh()
        }
    }

    func handle(_ backgroundTasks: Set<WKRefreshBackgroundTask>) {
        for task in backgroundTasks {
            switch task {
            case let refreshTask as WKApplicationRefreshBackgroundTask:
                Task(name: "Background refresh") {
                    let success = await model.healthKitController.loadNewDataFromHealthKit()
                    logger.debug("Background refresh finished: \(success)")
                    scheduleBackgroundRefresh()
                    refreshTask.setTaskCompletedWithSnapshot(false)
                }
            default:
                task.setTaskCompletedWithSnapshot(false)
            }
        }
    }

    private func scheduleBackgroundRefresh() {
        let fireDate = model.device.clock.now.addingTimeInterval(15 * 60)
        // WatchKit does not document the queue it calls this on. `@Sendable` makes the closure
        // nonisolated, so that it may run on any queue; as main-actor code it would stop the
        // app when called off main (SE-0423's check, the Swift 6 mode).
        WKExtension.shared().scheduleBackgroundRefresh(withPreferredDate: fireDate, userInfo: nil) { @Sendable error in
            if let error {
                logger.error("Could not schedule a background refresh: \(error)")
            }
        }
    }
}
