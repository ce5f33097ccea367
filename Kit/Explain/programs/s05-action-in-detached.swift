// source: https://github.com/StanfordSpezi/SpeziAccount/pull/82
// flags: -swift-version 6
// expect: sending-closure
// shape: a completion closure called from a detached task
#if FIXED
func onSignup(_ action: @escaping @Sendable (String?) -> Void) {
    Task.detached { action(nil) }
}
#else
func onSignup(_ action: @escaping (String?) -> Void) {
    Task.detached { action(nil) }
}
#endif
