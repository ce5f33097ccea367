// source: https://github.com/swiftlang/swift/issues/75815
// flags: -swift-version 6
// expect: call-isolated-sync nonisolated-override
// stand-in: XCTest's XCTestCase: a nonisolated open class with setUp() and setUp() async throws (declared here as CaseBase)
// shape: a test case's synchronous setUp() override creates a main-actor object; a test method reads it
#if FIXED
class CaseBase { func setUp() {}; func setUp() async throws {} }
@MainActor final class Screen { var title = ""; init() {} }
final class ScreenTests: CaseBase {
    var screen: Screen?
    override func setUp() async throws {
        screen = await Screen()
    }
    func testTitle() async {
        let screen = await Screen()
        _ = await screen.title
    }
}
#else
class CaseBase { func setUp() {}; func setUp() async throws {} }
@MainActor final class Screen { var title = ""; init() {} }
final class ScreenTests: CaseBase {
    var screen: Screen?
    override func setUp() {
        screen = Screen()
    }
}
#endif
