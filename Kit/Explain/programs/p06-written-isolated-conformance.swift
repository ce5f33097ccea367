// source: https://github.com/swiftlang/swift-evolution/blob/main/proposals/0470-isolated-conformances.md
// flags: -swift-version 6
// expect: isolated-conformance-use isolated-conformance
// shape: a conformance written `: @MainActor P` used from a nonisolated function
protocol Shaping { func shape() -> String }
@MainActor final class Circle: @MainActor Shaping { func shape() -> String { "circle" } }
nonisolated func draw(_ s: any Shaping) -> String { s.shape() }
#if FIXED
@MainActor func drawCircle(_ c: Circle) -> String { draw(c) }
#else
nonisolated func drawCircle(_ c: Circle) -> String { draw(c) }
#endif
