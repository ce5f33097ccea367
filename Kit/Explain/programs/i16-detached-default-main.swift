// source: https://docs.swift.org/compiler/documentation/diagnostics/actor-isolated-call
// flags: -swift-version 6 -default-isolation MainActor
// expect: isolated-outside-actor default-main-actor
// shape: under default main-actor isolation, a detached task calls a plain class's method
#if FIXED
nonisolated final class Resizer: Sendable {
    func resize(_ count: Int) -> [UInt8] { Array(repeating: 0, count: count) }
}
func makeIcons() async -> Int {
    let resizer = Resizer()
    let bytes = await Task.detached { resizer.resize(64) }.value
    return bytes.count
}
#else
final class Resizer {
    func resize(_ count: Int) -> [UInt8] { Array(repeating: 0, count: count) }
}
func makeIcons() async -> Int {
    let resizer = Resizer()
    let bytes = await Task.detached { resizer.resize(64) }.value
    return bytes.count
}
#endif
