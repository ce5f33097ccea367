// source: https://github.com/swiftlang/swift-evolution/blob/main/proposals/0461-async-function-isolation.md
// flags: -swift-version 6
// expect: sending-value closure-to-nonisolated
// shape: a closure written on the main actor passed to a @concurrent function's plain parameter
#if FIXED
@concurrent func runInBackground(_ body: @escaping @Sendable () async -> Void) async { await body() }
@MainActor func refresh() async { let id = 3; await runInBackground { print(id) } }
#else
@concurrent func runInBackground(_ body: @escaping () async -> Void) async { await body() }
@MainActor func refresh() async { let id = 3; await runInBackground { print(id) } }
#endif
