// source: https://github.com/hmlongco/Factory/issues/322
// flags: -swift-version 6
// expect: loses-global-actor
// shape: a main-actor factory closure stored where a plain @Sendable one is expected
#if FIXED
@MainActor final class Feed { init() {} }
struct Maker<T> { let make: @MainActor @Sendable () -> T }
@MainActor func feedMaker() -> Maker<Feed> {
    let f: @MainActor @Sendable () -> Feed = { Feed() }
    return Maker(make: f)
}
#else
@MainActor final class Feed { init() {} }
struct Maker<T> { let make: @Sendable () -> T }
@MainActor func feedMaker() -> Maker<Feed> {
    let f: @MainActor @Sendable () -> Feed = { Feed() }
    return Maker(make: f)
}
#endif
