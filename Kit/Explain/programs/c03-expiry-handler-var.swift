// source: https://github.com/nightscout/Trio/pull/673
// flags: -swift-version 6
// expect: captured-var-mutation
// stand-in: UIKit's beginBackgroundTask(expirationHandler:) takes a @Sendable handler (declared here as beginWork)
// shape: a background task id kept in a var its expiry handler writes
#if FIXED
import Synchronization
func beginWork(onExpiry: @escaping @Sendable () -> Void) -> Int { 7 }
func endWork(_ id: Int) {}
final class WorkID: Sendable { let value = Mutex(0) }
func schedule() {
    let workID = WorkID()
    let id = beginWork { endWork(workID.value.withLock { $0 }) }
    workID.value.withLock { $0 = id }
}
#else
func beginWork(onExpiry: @escaping @Sendable () -> Void) -> Int { 7 }
func endWork(_ id: Int) {}
func schedule() {
    var workID = 0
    workID = beginWork { endWork(workID); workID = 0 }
}
#endif
