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

    /// Change it, then await `drinksUpdated()`: that saves it and updates the complication.
    @Published private(set) var currentDrinks: [Drink] = []

    private let store: CoffeeDataStore

    // Tasks that watch the day changing and the clock being set: cancelled in deinit.
    private var dayWatchers: [Task<Void, Never>] = []

    init(device: WatchDevice) {
        self.device = device
        store = CoffeeDataStore(container: device.container)
        for name in [Notification.Name.NSCalendarDayChanged, .NSSystemClockDidChange] {
            let watcher = Task(name: "Watching \(name.rawValue)") { [weak self] in
                for await _ in NotificationCenter.default.notifications(named: name) {
                    await self?.dropOldDrinks()
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

    func addDrink(_ type: DrinkType) async {
        let drink = Drink(mgCaffeine: type.mgCaffeinePerServing, onDate: device.clock.now)
        currentDrinks = (currentDrinks + [drink]).recent(at: device.clock.now)
        await drinksUpdated()
        await healthKitController.save(drink)
    }

    /// Drops the drinks older than 24 hours now, not at the next change of the list.
    private func dropOldDrinks() async {
        let recent = currentDrinks.recent(at: device.clock.now)
        guard recent != currentDrinks else { return }
        currentDrinks = recent
        await drinksUpdated()
    }

    /// Applies what HealthKit reported: drops the deleted drinks, adds the new ones.
    func updateModel(newDrinks: [Drink], deletedDrinks: Set<UUID>) async {
        guard !newDrinks.isEmpty || !deletedDrinks.isEmpty else { return }

        var drinks = currentDrinks.filter { !deletedDrinks.contains($0.uuid) }
        drinks += newDrinks
        drinks.sort { $0.date < $1.date }
        currentDrinks = drinks.recent(at: device.clock.now)
        await drinksUpdated()
    }

    /// Saves the drinks and shows them on the complication. Awaiting it means the save
    /// has finished, which a background task must know before it completes.
    private func drinksUpdated() async {
        logger.debug("The drink list changed.")
        await store.save(currentDrinks)
        updateComplication()
    }

    private func updateComplication() {
        let server = CLKComplicationServer.sharedInstance()
        for complication in server.activeComplications ?? [] {
            server.reloadTimeline(for: complication)
        }
    }

    // MARK: - Disk

    func load() async {
        let (drinks, problem) = await store.load()
        loadProblem = problem
        // Drinks the user added while the log was being read come after it, not instead.
        currentDrinks = (drinks + currentDrinks).recent(at: device.clock.now)
        await drinksUpdated()
    }
}
