// source: https://github.com/swiftlang/swift/issues/60417
// flags: -swift-version 6
// expect: sendable-class-mutable stored-var
// shape: a Sendable final class with a var
#if FIXED
final class Counter: Sendable { let value = 0 }
#else
final class Counter: Sendable { var value = 0 }
#endif
