// source: https://github.com/swiftlang/swift/issues/75616
// flags: -swift-version 6
// expect: isolated-key-path
// shape: a key path to a main-actor property formed in nonisolated code
#if FIXED
@MainActor final class Prefs { var rebuild = false }
@MainActor func flagPath() -> ReferenceWritableKeyPath<Prefs, Bool> { \Prefs.rebuild }
#else
@MainActor final class Prefs { var rebuild = false }
func flagPath() -> ReferenceWritableKeyPath<Prefs, Bool> { \Prefs.rebuild }
#endif
