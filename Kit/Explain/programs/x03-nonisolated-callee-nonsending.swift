// source: https://github.com/Lakr233/vphone-cli/issues/32
// flags: -swift-version 6
// expect: sending-value task-isolated
// shape: a main-actor caller hands its parameter to a nonisolated async function of its own
#if FIXED
final class Document {}
nonisolated(nonsending) func index(_ document: Document) async {}
@MainActor func reindex(document: Document) async { await index(document) }
#else
final class Document {}
func index(_ document: Document) async {}
@MainActor func reindex(document: Document) async { await index(document) }
#endif
