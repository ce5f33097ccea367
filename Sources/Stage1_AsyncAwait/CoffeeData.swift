import CoffeeModel
import Foundation
import WatchKitSim

private let logger = Logger(subsystem: "com.example.CoffeeTracker", category: "CoffeeData")

/// Whether the app may use HealthKit, as the screen shows it.
enum HealthAccess {
    case asking, granted, unavailable
}

/// The app's model: the drinks of the last 24 hours, kept on disk and in HealthKit.
/// The views read it on the main thread.
final class CoffeeData: ObservableObject {
    let device: WatchDevice
    private(set) lazy var healthKitController = HealthKitController(model: self)

    @Published var healthAccess = HealthAccess.asking

    /// Set when the saved drinks could not be read at launch.
    @Published var loadProblem: String?

    /// Set by the complication when the caffeine level falls below the reminder threshold.
    @Published var reminder: String?

    /// Every change is saved to disk and shown on the complication.
    @Published var currentDrinks: [Drink] = [] {
        didSet {
            logger.debug("The drink list changed.")
            save()
            updateComplication()
        }
    }

    // The drinks on disk, so that an unchanged list is not written again.
    private var savedValue: [Drink] = []

    // Disk I/O runs on this queue, off the main thread.
    private let background = DispatchQueue(label: "CoffeeData.background", qos: .userInitiated)

    // Tasks that watch the day changing and the clock being set: cancelled in deinit.
    private var dayWatchers: [Task<Void, Never>] = []

    init(device: WatchDevice) {
        self.device = device
        for name in [Notification.Name.NSCalendarDayChanged, .NSSystemClockDidChange] {
            let watcher = Task { [weak self] in
                for await _ in NotificationCenter.default.notifications(named: name) {
                    self?.dropOldDrinks()
                }
            }
            dayWatchers.append(watcher)
        }
    }

    deinit {
        for watcher in dayWatchers {
            watcher.cancel()
        }
    }

    /// The caffeine in the body now.
    var currentMGCaffeine: Double {
        currentDrinks.caffeineRemaining(at: device.clock.now)
    }

    func addDrink(_ type: DrinkType) {
        let drink = Drink(mgCaffeine: type.mgCaffeinePerServing, onDate: device.clock.now)
        currentDrinks = (currentDrinks + [drink]).recent(at: device.clock.now)
        Task {
            await healthKitController.save(drink)
        }
    }

    /// Drops the drinks older than 24 hours now, not at the next change of the list.
    private func dropOldDrinks() {
        let recent = currentDrinks.recent(at: device.clock.now)
        guard recent != currentDrinks else { return }
        currentDrinks = recent
    }

    private func updateComplication() {
        let server = CLKComplicationServer.sharedInstance()
        for complication in server.activeComplications ?? [] {
            server.reloadTimeline(for: complication)
        }
    }

    // MARK: - Disk

    private func save() {
        guard currentDrinks != savedValue else {
            logger.debug("Nothing new to save.")
            return
        }

        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        let data: Data
        do {
            data = try encoder.encode(currentDrinks)
        } catch {
            logger.error("Could not encode the drinks: \(error)")
            return
        }

        let saveAction = {
            do {
                try self.device.container.write(data, to: DrinkLog.fileName)
                self.savedValue = self.currentDrinks
                logger.debug("Saved.")
            } catch {
                logger.error("Could not save the drinks: \(error)")
            }
        }

        // In the background the app may be suspended as soon as it returns: save now.
        if WKExtension.shared().applicationState == .background {
            background.sync(execute: saveAction)
        } else {
            background.async(execute: saveAction)
        }
    }

    func load() {
        background.async {
            var problem: String?
            let drinks: [Drink]
            do {
                let data = try self.device.container.read(DrinkLog.fileName)
                drinks = try PropertyListDecoder().decode([Drink].self, from: data)
            } catch CocoaError.fileReadNoSuchFile {
                logger.debug("No saved drinks yet.")
                drinks = []
            } catch {
                // Keep the unreadable file for the user; a fresh log starts beside it.
                problem = self.setAsideUnreadableLog(error)
                drinks = []
            }

            DispatchQueue.main.async {
                self.loadProblem = problem
                self.savedValue = drinks
                self.currentDrinks = drinks.recent(at: self.device.clock.now)
            }
        }
    }

    /// Moves the unreadable drink log aside and says where it went.
    private func setAsideUnreadableLog(_ error: Error) -> String {
        let container = device.container
        var number = 1
        while container.fileExists(DrinkLog.corruptFileName(number: number)) { number += 1 }
        let name = DrinkLog.corruptFileName(number: number)
        do {
            try container.moveItem(DrinkLog.fileName, to: name)
            logger.error("Could not read the drinks (\(error)); kept the file as \(name).")
            return "Saved drinks unreadable; kept as \(name)"
        } catch {
            logger.error("Could not read or set aside the drinks: \(error)")
            return "Saved drinks unreadable: \(error)"
        }
    }
}
