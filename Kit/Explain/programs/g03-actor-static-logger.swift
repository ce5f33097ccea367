// source: https://github.com/pingidentity/pingone-mobile-sdk-ios/issues/52
// flags: -swift-version 6
// expect: global-mutable-state own-global
// shape: a static logger behind a get/set facade
import Synchronization
protocol Sink: Sendable { func write(_ line: String) }
struct SilentSink: Sink { func write(_ line: String) {} }
#if FIXED
actor LogHub {
    private static let sink = Mutex<any Sink>(SilentSink())
    static var current: any Sink { get { sink.withLock { $0 } } set { sink.withLock { $0 = newValue } } }
}
#else
actor LogHub {
    private static var sink: any Sink = SilentSink()
    static var current: any Sink { get { sink } set { sink = newValue } }
}
#endif
