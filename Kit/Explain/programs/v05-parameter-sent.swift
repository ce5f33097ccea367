// source: https://github.com/swiftlang/swift/issues/80308
// flags: -swift-version 6
// expect: sending-value task-isolated
// shape: a parameter, not a local, sent to a nonisolated function
#if FIXED
final class Doc {}
func index(_ d: Doc) async {}
@MainActor func reindex(doc: sending Doc) async { await index(doc) }
#else
final class Doc {}
func index(_ d: Doc) async {}
@MainActor func reindex(doc: Doc) async { await index(doc) }
#endif
