// source: https://github.com/pavolkmet/ScrollViewSectionKit/issues/2
// flags: -swift-version 6
// expect: sendable-stored-nonsendable
// stand-in: SwiftUI's Shape path(in:) closure, written with plain Double arrays
// shape: a Sendable struct storing a plain closure
#if FIXED
struct Outline: Sendable { let path: @Sendable (Double) -> [Double] }
#else
struct Outline: Sendable { let path: (Double) -> [Double] }
#endif
