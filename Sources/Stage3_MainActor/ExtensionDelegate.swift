import Foundation
import WatchKitSim

private let logger = Logger(subsystem: "com.example.CoffeeTracker", category: "ExtensionDelegate")

/// Answers the runtime: launch and background refresh.
final class ExtensionDelegate: NSObject, WKExtensionDelegate {
    let model: CoffeeData

    init(model: CoffeeData) {
        self.model = model
    }

    func applicationDidFinishLaunching() {
        model.load()

        model.healthKitController.requestAuthorization { success in
            self.model.healthAccess = success ? .granted : .unavailable
            guard success else { return }
            Task {
                await self.model.healthKitController.loadNewDataFromHealthKit()
            }
            self.scheduleBackgroundRefresh()
        }
    }

    func handle(_ backgroundTasks: Set<WKRefreshBackgroundTask>) {
        for task in backgroundTasks {
            switch task {
            case let refreshTask as WKApplicationRefreshBackgroundTask:
                Task {
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
        WKExtension.shared().scheduleBackgroundRefresh(withPreferredDate: fireDate, userInfo: nil) { error in
            if let error {
                logger.error("Could not schedule a background refresh: \(error)")
            }
        }
    }
}
