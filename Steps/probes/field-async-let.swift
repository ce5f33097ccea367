// probe: -swift-version 6
// Sequential awaits versus async let. Each download logs its start and waits for a
// "response" that the probe sends only once both downloads could have started.

actor Log {
    private(set) var events: [String] = []
    func add(_ event: String) { events.append(event) }
}

// A server that answers once `count` downloads are waiting (at once when count is 1).
actor Server {
    private var waiting: [CheckedContinuation<Void, Never>] = []
    func respond(whenWaiting count: Int) async {
        if waiting.count + 1 >= count {
            waiting.forEach { $0.resume() }
            waiting = []
        } else {
            await withCheckedContinuation { waiting.append($0) }
        }
    }
}

func download(_ name: String, log: Log, server: Server, together: Int) async -> String {
    await log.add("\(name) starts")
    await server.respond(whenWaiting: together)
    await log.add("\(name) ends")
    return name
}

// Sequential: the second download starts after the first has ended.
let one = Log(), server = Server()
let first = await download("beans", log: one, server: server, together: 1)
let second = await download("milk", log: one, server: server, together: 1)
print("await, await:     \(await one.events) -> \(first), \(second)")

// async let: both start before either ends. Each waits until both are waiting,
// which sequential awaits could never satisfy.
let two = Log()
async let beans = download("beans", log: two, server: server, together: 2)
async let milk = download("milk", log: two, server: server, together: 2)
let both = await [beans, milk]
let events = await two.events
print("async let:        both started before either ended: \(events.prefix(2).allSatisfy { $0.hasSuffix("starts") }) -> \(both)")
