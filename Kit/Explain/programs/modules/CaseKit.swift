// flags: -swift-version 6
// A stand-in for XCTest's XCTestCase, as swift-corelibs-xctest declares it: an open class of
// another module whose async setUp() and tearDown() are nonisolated and do nothing.
open class CaseBase {
    public init() {}
    open func setUp() async throws {}
    open func tearDown() async throws {}
}
