// source: https://jano.dev/apple/macos/swift/2025/03/09/Swift-6-Migration-Errors.html
// flags: -swift-version 6
// expect: deinit-nonsendable-access
// shape: a main-actor class's deinit reading its non-Sendable observer
#if FIXED
final class Token {}
func removeObserver(_ t: Token?) {}
@MainActor final class Watcher {
    var observer: Token?
    isolated deinit { removeObserver(observer) }
}
#else
final class Token {}
func removeObserver(_ t: Token?) {}
@MainActor final class Watcher {
    var observer: Token?
    deinit { removeObserver(observer) }
}
#endif
