// source: https://github.com/swiftlang/swift-evolution/blob/main/proposals/0461-async-function-isolation.md
// flags: -swift-version 6
// expect: sending-value closure-to-nonisolated
// shape: the call to a @concurrent function wrapped in a Task, as a wrong fix: the closure is still sent
#if FIXED
@concurrent func runInBackground(_ body: @escaping @Sendable () async -> Void) async { await body() }
@MainActor func refresh() { let id = 3; Task { await runInBackground { print(id) } } }
#else
@concurrent func runInBackground(_ body: @escaping () async -> Void) async { await body() }
@MainActor func refresh() { let id = 3; Task { await runInBackground { print(id) } } }
#endif
