// source: https://github.com/swiftlang/swift/pull/80753
// flags: -swift-version 6
// expect: isolation-crossing-conversion isolated-function
// shape: a main-actor function stored as a nonisolated(nonsending) function type
#if FIXED
final class Page {}
@MainActor func show(_ page: Page) async {}
func keep() { let f: @MainActor (Page) async -> Void = show; _ = f }
#else
final class Page {}
@MainActor func show(_ page: Page) async {}
func keep() { let f: nonisolated(nonsending) (Page) async -> Void = show; _ = f }
#endif
