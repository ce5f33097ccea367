// source: https://github.com/swiftlang/swift/issues/75815
// flags: -swift-version 6
// expect: isolation-override
// stand-in: XCTest's XCTestCase: a nonisolated open class with setUp() and setUp() async throws (declared here as CaseBase)
// shape: a main-actor test case overriding setUp()
#if FIXED
class CaseBase { func setUp() async throws {} }
@MainActor final class FeedTests: CaseBase { var ready = false; override func setUp() async throws { ready = true } }
#else
class CaseBase { func setUp() {} }
final class FeedTests: CaseBase { @MainActor var ready = false; @MainActor override func setUp() { ready = true } }
#endif
