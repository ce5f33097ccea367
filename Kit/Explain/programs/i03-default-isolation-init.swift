// source: https://github.com/swiftlang/swift/issues/68117
// flags: -swift-version 6 -default-isolation MainActor
// expect: call-isolated-sync default-main-actor
// shape: a class main-actor by the default isolation, made from a nonisolated function
#if FIXED
final class Screen { init() {} }
func makeScreen() -> Screen { Screen() }
#else
final class Screen { init() {} }
nonisolated func makeScreen() -> Screen { Screen() }
#endif
