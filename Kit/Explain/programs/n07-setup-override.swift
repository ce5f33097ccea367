// source: https://github.com/swiftlang/swift/issues/75815
// flags: -swift-version 6
// expect: isolation-override test-case
// stand-in: XCTest's XCTestCase: a nonisolated open class with setUp() and setUp() async throws (declared here as CaseBase)
// shape: a test case's setUp() override marked `@MainActor`; the fix overrides the async variant in a class not marked `@MainActor` (swift-corelibs-xctest crashes on a main-actor test class: Kit/Explain/evidence/corelibs-xctest-main-actor.md)
#if FIXED
class CaseBase { func setUp() async throws {} }
@MainActor final class Feed { var ready = false; init() {} }
final class FeedTests: CaseBase { var feed: Feed?; override func setUp() async throws { feed = await Feed() } }
#else
class CaseBase { func setUp() {} }
final class FeedTests: CaseBase { @MainActor var ready = false; @MainActor override func setUp() { ready = true } }
#endif
