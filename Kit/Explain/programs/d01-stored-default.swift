// source: https://github.com/swiftlang/swift/issues/72795
// flags: -swift-version 6
// expect: isolated-default-value stored-property
// shape: a nonisolated struct's stored property defaulting to a main-actor object
#if FIXED
@MainActor final class Model { init() {} }
@MainActor struct Holder { var model = Model() }
#else
@MainActor final class Model { init() {} }
struct Holder { var model = Model() }
#endif
