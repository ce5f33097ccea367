/// The drinks screen of an app that keeps its drinks in Core Data (simulated by
/// CoreDataSim.swift beside this file; that one is not yours to edit).
@MainActor public final class DrinkScreen {
    /// Every drink's name, sorted, as the screen shows them.
    public private(set) var names: [String] = []
    private let container: NSPersistentContainer

    public init(container: NSPersistentContainer) { self.container = container }

    /// Fills `names` from the store. Today the fetch runs on the view context, on the main
    /// actor: with a big store, the screen stops while it runs.
    public func reload() async throws {
        let drinks = try container.viewContext.fetch(Self.everyDrink)
        names = drinks.map { $0.value(forKey: "name") as? String ?? "?" }
    }

    /// Every drink, sorted by name.
    nonisolated static var everyDrink: NSFetchRequest {
        var request = NSFetchRequest(entityName: "Drink")
        request.sortKey = "name"
        return request
    }
}
