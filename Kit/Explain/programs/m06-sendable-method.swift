// source: https://github.com/apps-fab/exercism-app/pull/59
// flags: -swift-version 6
// expect: sendable-method-nonsendable-type
// shape: a @Sendable method on a non-Sendable class
#if FIXED
final class Fetcher { var token = ""; func refresh() {} }
#else
final class Fetcher { var token = ""; @Sendable func refresh() {} }
#endif
