// The field-context-fetch exercise's probe: a store of drinks in the simulated Core Data,
// `reload()` called on the main actor, and what the simulator recorded read afterwards:
// where each fetch ran, every use of an object or a context off its queue, and the names
// the screen held when `reload()` returned. Nothing here waits for time.
import Exercise
import Foundation

enum Probe {
    static let drinks = ["mocha", "espresso", "latte", "cortado"]

    /// A container whose store holds `drinks`, written through the view context on main.
    @MainActor static func store() throws -> NSPersistentContainer {
        let container = NSPersistentContainer(name: "Drinks")
        for name in drinks {
            NSEntityDescription.insertNewObject(forEntityName: "Drink", into: container.viewContext).setValue(name, forKey: "name")
        }
        try container.viewContext.save()
        return container
    }

    /// Reloads on the main actor and reads the names in the same turn: a fetch that
    /// `reload()` started and did not await has not filled them yet.
    @MainActor static func reloadAndRead(_ screen: DrinkScreen) async throws -> [String] {
        try await screen.reload()
        return screen.names
    }

    static func measure(_ property: FieldPropertyID) async throws -> Measured {
        let container = try await store()
        let before = container.fetchLog.count
        ConcurrencyDebug.traps = false
        ConcurrencyDebug.reset()
        if property == .contextSimulatorReportsViolations { return try await selfCheck(container) }
        let shown = Recorder<[String]>()
        try await Drive.run("reload() on the main actor") {
            let screen = await DrinkScreen(container: container)
            if let names = try? await reloadAndRead(screen) { shown.add(names) }
        }
        let fetches = container.fetchLog.dropFirst(before)
        let violations = ConcurrencyDebug.violations
        switch property {
        case .fetchRunsOffMain:
            let onMain = fetches.filter(\.onMain).count
            return Measured(holds: !fetches.isEmpty && onMain == 0,
                            seen: "\(fetches.count) fetch(es) during reload, \(onMain) of them on the main queue")
        case .noObjectUsedOffItsQueue:
            return Measured(holds: violations.isEmpty,
                            seen: violations.isEmpty ? "no use off a context's queue"
                                : "\(violations.count) use(s) off a context's queue, the first: \(violations[0])")
        case .screenShowsEveryDrink:
            let names = shown.all.first
            return Measured(holds: names == drinks.sorted(),
                            seen: "when reload() returned the screen showed \(names.map { "\($0)" } ?? "nothing (reload threw)"), the store holds \(drinks.sorted())")
        default:
            return Measured(holds: false, seen: "this exercise does not measure \(property.rawValue)")
        }
    }

    /// One object deliberately read off its queue: the simulator must record exactly it.
    static func selfCheck(_ container: NSPersistentContainer) async throws -> Measured {
        let background = container.newBackgroundContext()
        let objects = try await background.perform { try background.fetch(NSFetchRequest(entityName: "Drink")) }
        _ = objects.first?.value(forKey: "name")
        let recorded = ConcurrencyDebug.violations.count
        return Measured(holds: recorded == 1, seen: "one object read off its queue on purpose: \(recorded) violation(s) recorded")
    }
}
