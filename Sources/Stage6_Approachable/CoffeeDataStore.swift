import CoffeeModel
import Foundation
import WatchKitSim

// By default a global is main-actor; the actor below logs from its own isolation.
nonisolated private let logger = Logger(subsystem: "com.example.CoffeeTracker", category: "CoffeeDataStore")

/// Keeps the drink log on disk. An actor: saves and loads run one at a time, off the
/// main actor, and the last-saved list is its own state.
actor CoffeeDataStore {
    private let container: AppContainer

    // The drinks on disk, so that an unchanged list is not written again.
    private var savedValue: [Drink] = []

    init(container: AppContainer) {
        self.container = container
    }

    func save(_ currentDrinks: [Drink]) {
        guard currentDrinks != savedValue else {
            logger.debug("Nothing new to save.")
            return
        }

        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        do {
            let data = try encoder.encode(currentDrinks)
            try container.write(data, to: DrinkLog.fileName)
            savedValue = currentDrinks
            logger.debug("Saved.")
        } catch {
            logger.error("Could not save the drinks: \(error)")
        }
    }

    /// The saved drinks, and a problem to show when the log could not be read.
    func load() -> (drinks: [Drink], problem: String?) {
        do {
            let data = try container.read(DrinkLog.fileName)
            let drinks = try PropertyListDecoder().decode([Drink].self, from: data)
            savedValue = drinks
            return (drinks, nil)
        } catch CocoaError.fileReadNoSuchFile {
            logger.debug("No saved drinks yet.")
            return ([], nil)
        } catch {
            // Keep the unreadable file for the user; a fresh log starts beside it.
            return ([], setAsideUnreadableLog(error))
        }
    }

    /// Moves the unreadable drink log aside and says where it went.
    private func setAsideUnreadableLog(_ error: Error) -> String {
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
