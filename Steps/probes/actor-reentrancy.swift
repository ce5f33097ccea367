// probe: -swift-version 6
// Step 4's duplicate import in miniature: an actor runs one job at a time, but while a
// method is suspended at an await, other calls run on the actor. Each "query" answers on
// a signal, never after a time, so the output is the same on a busy machine.

actor Importer {
    var anchor = 0
    var imported: [String] = []

    func load(_ name: String, query: @Sendable () async -> Void) async {
        let from = anchor                                   // read the state...
        print("\(name) reads anchor \(from) and starts its query")
        await query()                                       // ...suspend: the actor is free...
        anchor = from + 1                                   // ...write back what was read before
        imported.append("sample \(from + 1)")
        print("\(name) writes anchor \(anchor)")
    }
}

let importer = Importer()
let (aIsQuerying, aQuerying) = AsyncStream.makeStream(of: Void.self)
let (bIsQuerying, bQuerying) = AsyncStream.makeStream(of: Void.self)
let first = Task {
    await importer.load("load A") {
        aQuerying.yield()
        for await _ in bIsQuerying { break }                // A's answer comes once B has asked
    }
}
for await _ in aIsQuerying { break }                        // A is waiting for its query now
let second = Task {
    await importer.load("load B") {
        bQuerying.yield()
        await first.value                                   // B's answer comes after A's load
    }
}
await second.value
print("imported: \(await importer.imported)")
