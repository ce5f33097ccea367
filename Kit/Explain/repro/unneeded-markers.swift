// explain: -swift-version 6
// Markers that change nothing: an `await` on synchronous code, a `@preconcurrency`
// conformance whose witnesses are already nonisolated, `nonisolated(unsafe)` on a Sendable
// constant, and on a property the `@Observable` macro turns into a computed one.
import Observation

func localTotal() -> Int { 1 }

func total() async -> Int {
    await localTotal()
}

protocol Describing {
    func describe() -> String
}

@MainActor final class Badge: @preconcurrency Describing {
    nonisolated func describe() -> String { "badge" }
}

final class Limits {
    nonisolated(unsafe) let maximum = 10
}

@Observable final class Progress: Sendable {
    nonisolated(unsafe) var fraction: Double = 0
}

// `@concurrent` and `nonisolated(nonsending)` on synchronous functions (row attribute-on-sync-function).
@concurrent func checksum(_ bytes: [UInt8]) -> Int { bytes.count }
nonisolated(nonsending) func sortedNames(_ names: [String]) -> [String] { names.sorted() }
