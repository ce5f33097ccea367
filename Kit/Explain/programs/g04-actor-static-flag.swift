// source: https://github.com/adaptyteam/AdaptySDK-iOS/issues/122
// flags: -swift-version 6
// expect: global-mutable-state own-global
// shape: a one-time flag kept as a static var of an actor
#if FIXED
actor Purchaser {
    static let shared = Purchaser()
    private var listening = false
    func start() { if !listening { listening = true } }
}
#else
actor Purchaser {
    private static var listening = false
    func start() { if !Self.listening { Self.listening = true } }
}
#endif
