// source: https://github.com/RevenueCat/purchases-hybrid-common/pull/422
// flags: -swift-version 6
// expect: sendable-class-mutable stored-var
// runs: sub
// shape: a test double declared Sendable with a mutable property
#if FIXED
import Synchronization
final class FakeProduct: Sendable { let category = Mutex("sub") }
@main enum Run { static func main() { print(FakeProduct().category.withLock { $0 }) } }
#else
final class FakeProduct: Sendable { var category = "sub" }
#endif
