// source: https://github.com/sindresorhus/KeyboardShortcuts/issues/74
// flags: -swift-version 6
// expect: nonsendable-function-conversion plain-closure
// shape: a non-Sendable object's method assigned to a stream's onTermination
#if FIXED
final class Listener { func stop(_ t: AsyncStream<Int>.Continuation.Termination) {} }
func events(_ listener: Listener) -> AsyncStream<Int> {
    AsyncStream { continuation in continuation.onTermination = { @Sendable _ in print("stopped") } }
}
#else
final class Listener { func stop(_ t: AsyncStream<Int>.Continuation.Termination) {} }
func events(_ listener: Listener) -> AsyncStream<Int> {
    AsyncStream { continuation in continuation.onTermination = listener.stop }
}
#endif
