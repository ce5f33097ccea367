// source: https://github.com/apple/swift-protobuf/issues/1829
// flags: -swift-version 6
// expect: isolated-default-value default-argument
// shape: a default argument that makes a main-actor object
#if FIXED
@MainActor final class Options { init() {} }
@MainActor func encode(options: Options = Options()) {}
#else
@MainActor final class Options { init() {} }
func encode(options: Options = Options()) {}
#endif
