// source: https://github.com/DebugSwift/DebugSwift/pull/211
// flags: -swift-version 6
// expect: sending-value actor-state
// shape: an actor's non-Sendable property handed to a nonisolated async function
#if FIXED
final class Buffer { var bytes: [UInt8] = [] }
func upload(_ bytes: [UInt8]) async {}
actor Recorder {
    var buffer = Buffer()
    func flush() async { await upload(buffer.bytes) }
}
#else
final class Buffer { var bytes: [UInt8] = [] }
func upload(_ buffer: Buffer) async {}
actor Recorder {
    var buffer = Buffer()
    func flush() async { await upload(buffer) }
}
#endif
