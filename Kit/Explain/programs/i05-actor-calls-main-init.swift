// source: https://github.com/swiftlang/swift/issues/82812
// flags: -swift-version 6
// expect: call-isolated-sync own-code
// shape: an actor method calling a main-actor initializer synchronously
#if FIXED
@MainActor final class Claims { init(raw: [String]) {} }
actor Session { func decode() async { _ = await Claims(raw: []) } }
#else
@MainActor final class Claims { init(raw: [String]) {} }
actor Session { func decode() { _ = Claims(raw: []) } }
#endif
