// source: https://getnapkin.to/blog/swift-6-mainactor-protocol-conformance/
// flags: -swift-version 6
// expect: conformance-crosses-isolation own-code
// shape: a main-actor property satisfying a nonisolated protocol requirement
#if FIXED
protocol Listening { var listener: String { get } }
@MainActor final class Mic: @MainActor Listening { var listener = "mic" }
#else
protocol Listening { var listener: String { get } }
@MainActor final class Mic: Listening { var listener = "mic" }
#endif
