// source: https://github.com/swiftlang/swift/issues/88709
// flags: -swift-version 6
// expect: nonisolated-mutable-storage
// shape: an actor's var marked nonisolated
#if FIXED
import Synchronization
actor Meter { nonisolated let reading = Mutex(0) }
#else
actor Meter { nonisolated var reading = 0 }
#endif
