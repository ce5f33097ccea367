// source: https://github.com/swiftlang/swift-testing/issues/1570
// flags: -swift-version 6 -enable-upcoming-feature NonisolatedNonsendingByDefault
// expect: sending-value super-call
// uses: CaseKit
// stand-in: XCTest's XCTestCase (CaseKit's CaseBase, built without the feature, as XCTest is)
// shape: a nonisolated test case under NonisolatedNonsendingByDefault whose async setUp() awaits super.setUp()
import CaseKit
#if FIXED
final class PlainTests: CaseBase {
    @concurrent override func setUp() async throws { try await super.setUp() }
}
#else
final class PlainTests: CaseBase {
    override func setUp() async throws { try await super.setUp() }
}
#endif
