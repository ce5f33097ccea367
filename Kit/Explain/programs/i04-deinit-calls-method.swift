// source: https://github.com/swiftlang/swift-migration-guide/pull/49
// flags: -swift-version 6
// expect: call-isolated-sync deinit
// shape: a main-actor class's deinit calling its own method
#if FIXED
@MainActor final class Observer {
    func stopNotifications() {}
    isolated deinit { stopNotifications() }
}
#else
@MainActor final class Observer {
    func stopNotifications() {}
    deinit { stopNotifications() }
}
#endif
