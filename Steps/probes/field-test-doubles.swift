// probe: -swift-version 6 -default-isolation MainActor
// Test doubles under main-actor default isolation: a protocol declared here is
// main-actor, so its double is a main-actor class; a nonisolated protocol with async
// requirements only can take an actor.

protocol DrinkArchive {                  // main-actor, by the module's default
    var count: Int { get }
    func save(_ mg: Double) async
}

final class FakeDrinkArchive: DrinkArchive {   // main-actor too: it conforms
    private(set) var saved: [Double] = []
    var count: Int { saved.count }
    func save(_ mg: Double) { saved.append(mg) }
}

nonisolated protocol SharedArchive: Sendable {
    func count() async -> Int
    func save(_ mg: Double) async
}

actor FakeSharedArchive: SharedArchive {       // an actor: every requirement is async
    private var saved: [Double] = []
    func count() -> Int { saved.count }
    func save(_ mg: Double) { saved.append(mg) }
}

nonisolated protocol LabelledArchive: Sendable {
    var label: String { get }                  // synchronous
    func save(_ mg: Double) async
}

actor FakeLabelledArchive: LabelledArchive {
    let label: String                          // a Sendable let: no actor state to guard
    private(set) var saved: [Double] = []
    init(label: String) { self.label = label }
    func save(_ mg: Double) { saved.append(mg) }
}

func logDrinks(to archive: some DrinkArchive) async -> Int {
    await archive.save(95); await archive.save(63)
    return archive.count
}

func logDrinks(to archive: some SharedArchive) async -> Int {
    await archive.save(95); await archive.save(63)
    return await archive.count()
}

print("main-actor class double: \(await logDrinks(to: FakeDrinkArchive())) saves recorded")
print("actor double, nonisolated async protocol: \(await logDrinks(to: FakeSharedArchive())) saves recorded")
let labelled = FakeLabelledArchive(label: "test archive")
await labelled.save(95)
print("actor double, synchronous requirement met by a let: \(labelled.label), \(await labelled.saved.count) save recorded")
