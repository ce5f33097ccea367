// source: https://github.com/swiftlang/swift/issues/82133
// flags: -swift-version 6
// expect: sendable-metatype-capture
// shape: a generic metatype captured by a task
#if FIXED
protocol Step: SendableMetatype { static func run() }
func runLater<T: Step>(_ type: T.Type) { Task { @concurrent in T.run() } }
#else
protocol Step { static func run() }
func runLater<T: Step>(_ type: T.Type) { Task { @concurrent in T.run() } }
#endif
