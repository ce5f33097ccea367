// probe: -swift-version 6
// probe uses: CoreDataSim
// Managed objects across isolations, on the kit's simulated Core Data: a fetch moved off
// main three ways (objects carried back, object IDs carried back, a model actor), each
// judged by where the fetch ran and by the violations the simulator recorded; then a
// violation with ConcurrencyDebug's trap on.
import CoreDataSim
import Foundation

// Written at once, so that each line is out before the trap (`print` buffers when piped).
func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }

func drinks() -> NSFetchRequest {
    var request = NSFetchRequest(entityName: "Drink")
    request.sortKey = "name"
    return request
}

/// The shape of SwiftData's `@ModelActor`: an actor run on its context's queue.
actor DrinkReader {
    private let context: NSManagedObjectContext
    private let executor: ContextExecutor
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    init(container: NSPersistentContainer) {
        context = container.newBackgroundContext()
        executor = context.executor
    }

    func names() throws -> [String] {
        try context.fetch(drinks()).map { $0.value(forKey: "name") as? String ?? "?" }
    }
}

@MainActor func report(_ what: String, _ names: [String], _ container: NSPersistentContainer) {
    let fetch = container.fetchLog.last!
    say("\(what): \(names), fetched \(fetch.onMain ? "on main" : "off main"), violations: \(ConcurrencyDebug.violations.count)")
    ConcurrencyDebug.reset()
}

@MainActor func moveTheFetch() async throws {
    let container = NSPersistentContainer(name: "Drinks")
    let view = container.viewContext
    for name in ["latte", "espresso"] {
        NSEntityDescription.insertNewObject(forEntityName: "Drink", into: view).setValue(name, forKey: "name")
    }
    try view.save()

    let onMain = try view.fetch(drinks()).map { $0.value(forKey: "name") as! String }
    report("view context, on main", onMain, container)

    let background = container.newBackgroundContext()
    let objects = try await background.perform { try background.fetch(drinks()) }
    report("objects carried to main", objects.map { $0.value(forKey: "name") as! String }, container)

    let ids = try await background.perform { try background.fetch(drinks()).map(\.objectID) }
    report("object IDs, refetched on main", ids.map { view.object(with: $0).value(forKey: "name") as! String }, container)

    report("model actor", try await DrinkReader(container: container).names(), container)

    ConcurrencyDebug.traps = true
    say("with ConcurrencyDebug's trap on, an object read off its queue:")
    _ = objects.first!.value(forKey: "name")
}

try await moveTheFetch()
