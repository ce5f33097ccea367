// source: https://github.com/swiftlang/swift/issues/81962
// flags: -swift-version 6
// expect: nonisolated-unsafe-unneeded
// shape: nonisolated(unsafe) on a Sendable constant
#if FIXED
final class Config: Sendable { let limit = 3 }
#else
final class Config: Sendable { nonisolated(unsafe) let limit = 3 }
#endif
