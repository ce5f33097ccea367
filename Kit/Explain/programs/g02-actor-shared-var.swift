// source: https://github.com/alexruperez/SecurePropertyStorage/pull/41
// flags: -swift-version 6
// expect: global-mutable-state own-global
// shape: an actor's shared instance declared var
#if FIXED
actor Locker { static let main = Locker() }
#else
actor Locker { static var main = Locker() }
#endif
