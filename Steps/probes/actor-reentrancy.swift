// probe: -swift-version 6
// Step 4's duplicate import in miniature: an actor runs one job at a time, but while a
// method is suspended at an await, other calls run on the actor.

actor Importer {
    var anchor = 0
    var imported: [String] = []

    func load(_ name: String) async {
        let from = anchor                                   // read the state...
        print("\(name) reads anchor \(from) and starts its query")
        try? await Task.sleep(for: .milliseconds(100))      // ...suspend: the actor is free...
        anchor = from + 1                                   // ...write back what was read before
        imported.append("sample \(from + 1)")
        print("\(name) writes anchor \(anchor)")
    }
}

let importer = Importer()
let first = Task { await importer.load("load A") }
try await Task.sleep(for: .milliseconds(20))                // A is waiting for its query now
let second = Task { await importer.load("load B") }
await first.value
await second.value
print("imported: \(await importer.imported)")
