// probe: -swift-version 6
// The WWDC24 talk's three answers to a global `static var`, side by side. Each compiles in
// the Swift 6 language mode with no diagnostic; each puts something in charge of the value.
import Foundation

// 1. A `let` of a Sendable type: nothing can change it, so any thread may read it.
struct Settings: Sendable { let threshold: Int }
enum First {
    static let shared = Settings(threshold: 50)
}

// 2. A global actor: the main actor owns the variable; code elsewhere must hop to it.
final class Model { var drinks = 0 }
enum Second {
    @MainActor static var shared = Model()
}

// 3. `nonisolated(unsafe)`: the compiler stops checking; this lock is what guards it.
enum Third {
    nonisolated(unsafe) private static var count = 0
    private static let lock = NSLock()
    static func next() -> Int { lock.withLock { count += 1; return count } }
}

print("let of a Sendable type, read off main:", await Task.detached { First.shared.threshold }.value)
await MainActor.run { Second.shared.drinks += 1 }
print("main-actor var, after a hop:", await MainActor.run { Second.shared.drinks })
print("nonisolated(unsafe) var behind a lock:", await Task.detached { Third.next() }.value, Third.next())
