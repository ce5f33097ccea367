// explain: -swift-version 5 -strict-concurrency=complete
// Sendable conformances that do not hold, and global state of a non-Sendable type.
final class Counter: Sendable {
    var value = 0
}

class Handle {}

struct Message: Sendable {
    let handle: Handle
}

func send<T: Sendable>(_ value: T) {}
func post(_ handle: Handle) { send(handle) }

let sharedHandle = Handle()
var launches = 0
func countLaunch() { launches += 1 }

class Token: Sendable { let id = 1 }

class Printer {
    @Sendable func print() {}
}

func runDetached(_ work: @escaping @Sendable () -> Void) { work() }
func forward(_ body: @escaping () -> Void) { runDetached(body) }
