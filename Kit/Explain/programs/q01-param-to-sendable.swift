// source: https://github.com/swiftlang/swift/pull/86033
// flags: -swift-version 6
// expect: nonsendable-parameter-to-sendable
// shape: a plain closure parameter handed to a function that wants @Sendable
#if FIXED
func runLater(_ work: @escaping @Sendable () -> Void) { work() }
func wrap(_ body: @escaping @Sendable () -> Void) { runLater(body) }
#else
func runLater(_ work: @escaping @Sendable () -> Void) { work() }
func wrap(_ body: @escaping () -> Void) { runLater(body) }
#endif
