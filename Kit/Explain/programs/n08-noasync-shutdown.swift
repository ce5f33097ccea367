// source: https://github.com/apache/arrow-swift/issues/55
// flags: -swift-version 6
// expect: unavailable-from-async blocking
// stand-in: SwiftNIO's EventLoopGroup.syncShutdownGracefully() is noasync (declared here as Loop)
// shape: a blocking shutdown called from a test that is async
#if FIXED
final class Loop {
    @available(*, noasync) func shutdownNow() {}
    func shutdown() async {}
}
func stop(_ loop: Loop) async { await loop.shutdown() }
#else
final class Loop {
    @available(*, noasync) func shutdownNow() {}
    func shutdown() async {}
}
func stop(_ loop: Loop) async { loop.shutdownNow() }
#endif
