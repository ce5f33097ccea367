// source: https://github.com/swiftlang/swift/issues/76710
// flags: -swift-version 6
// expect: witness-crosses-isolation
// shape: a main-actor method returning a non-Sendable model through a nonisolated requirement (was routed to nonsendable-result, issue 42)
#if FIXED
struct Payload: Sendable { var items: [Int] = [] }
protocol Loading { func load() async -> Payload }
@MainActor final class Loader: Loading { func load() async -> Payload { Payload() } }
#else
final class Payload { var items: [Int] = [] }
protocol Loading { func load() async -> Payload }
@MainActor final class Loader: Loading { func load() async -> Payload { Payload() } }
#endif
