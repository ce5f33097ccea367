// source: https://github.com/RevenueCat/purchases-hybrid-common/pull/422
// flags: -swift-version 6
// expect: sendable-class-mutable
// shape: a test double declared Sendable with a mutable property
#if FIXED
import Synchronization
final class FakeProduct: Sendable { let category = Mutex("sub") }
#else
final class FakeProduct: Sendable { var category = "sub" }
#endif
