// source: https://github.com/livekit/components-swift/issues/30
// flags: -swift-version 6
// expect: sending-closure
// shape: an async closure parameter started in a task
#if FIXED
func perform(_ operation: @escaping @Sendable () async -> Void) async {
    await Task.detached { await operation() }.value
}
#else
func perform(_ operation: @escaping () async -> Void) async {
    await Task.detached { await operation() }.value
}
#endif
