// source: https://github.com/mastodon/mastodon-ios/pull/1013
// flags: -swift-version 6
// expect: nonfinal-class-sendable
// shape: a class with only lets declared Sendable but not final
#if FIXED
final class Followers: Sendable { let ids: [Int] = [] }
#else
class Followers: Sendable { let ids: [Int] = [] }
#endif
