// The field-context-fetch exercise's probe: a store of drinks in the simulated Core Data,
// `reload()` called on the main actor, and what the simulator recorded read afterwards:
// where each fetch ran, every use of an object or a context off its queue, and the names
// the screen held when `reload()` returned. For where the fetch runs, the first fetch is
// held where it reads the store until the process is idle, a main-actor job is sent, and
// the process is idle again: the job must have run while the fetch was held (an answer
// that blocks main for the fetch cannot run it). Nothing here waits for time.
import Exercise
import Foundation
import Synchronization

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
        let shown = Recorder<[String]>(), hold = FetchHold()
        if property == .fetchRunsOffMain { container.beforeRead = { hold.pass() } }
        try await Drive.run("reload() on the main actor", release: { hold.release() }) {
            let screen = await DrinkScreen(container: container)
            if let names = try? await reloadAndRead(screen) { shown.add(names) }
        }
        let fetches = container.fetchLog.dropFirst(before)
        let violations = ConcurrencyDebug.violations
        switch property {
        case .fetchRunsOffMain:
            let onMain = fetches.filter(\.onMain).count, mainRan = hold.mainRanWhileHeld
            return Measured(holds: !fetches.isEmpty && onMain == 0 && mainRan == true,
                            seen: "\(fetches.count) fetch(es) during reload, \(onMain) of them on the main queue; "
                                + (mainRan.map { $0 ? "a main-actor job ran while the fetch was held" : "a main-actor job sent while the fetch was held ran only after it was let go (the main actor waited for the fetch)" }
                                   ?? "no fetch reached the store"))
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

/// Holds the first fetch where it reads the store. At the first idle with it held, a
/// main-actor job is sent; at the next idle the fetch is let go. The job notes whether the
/// fetch was still held when it ran.
final class FetchHold: Sendable {
    private let condition = NSCondition()
    private let state = Mutex<(held: Bool, used: Bool, sent: Bool, letGo: Bool, mainRan: Bool?)>((false, false, false, false, nil))

    /// Called on the fetching thread: the first fetch waits until it is let go.
    func pass() {
        condition.lock()
        defer { condition.unlock() }
        let first = state.withLock { state -> Bool in
            defer { state.used = true }
            if !state.used { state.held = true }
            return !state.used
        }
        guard first else { return }
        while !state.withLock({ $0.letGo }) { condition.wait() }
    }

    /// At each idle: sends the main-actor job (1), then lets the fetch go (1); 0 otherwise.
    func release() -> Int {
        let step = state.withLock { state -> Int in
            guard state.held, !state.letGo else { return 0 }
            if !state.sent { state.sent = true; return 1 }
            state.letGo = true
            return 2
        }
        if step == 1 {
            Task { @MainActor in self.state.withLock { $0.mainRan = !$0.letGo } }
        } else if step == 2 {
            condition.lock()
            condition.broadcast()
            condition.unlock()
        }
        return step == 0 ? 0 : 1
    }

    /// Whether the main-actor job ran while the fetch was held; nil if no fetch was held.
    var mainRanWhileHeld: Bool? { state.withLock { $0.held ? ($0.mainRan ?? false) : nil } }
}
