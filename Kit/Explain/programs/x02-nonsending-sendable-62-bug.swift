// source: https://github.com/swiftlang/swift/issues/87673
// flags: -swift-version 6
// expect: isolation-crossing-conversion swift62-nonsending-bug
// line: error: cannot convert 'nonisolated(nonsending) @Sendable (Sheet) async -> Void' to 'nonisolated(nonsending) (Sheet) async -> Void' because crossing of an isolation boundary requires parameter and result types to conform to 'Sendable' protocol
// shape: a nonisolated(nonsending) function passed to an actor: refused by 6.2 only (the fix: 6.3 builds it unchanged)
#if FIXED
final class Sheet {}
actor Printer { func run(_ step: nonisolated(nonsending) (Sheet) async -> Void) async { await step(Sheet()) } }
nonisolated(nonsending) func render(_ sheet: Sheet) async {}
func go(_ p: Printer) async { await p.run(render) }
#else
final class Sheet {}
actor Printer { func run(_ step: nonisolated(nonsending) (Sheet) async -> Void) async { await step(Sheet()) } }
nonisolated(nonsending) func render(_ sheet: Sheet) async {}
func go(_ p: Printer) async { await p.run(render) }
#endif
