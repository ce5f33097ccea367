// source: https://github.com/thevibestack/All-In-Gentle/issues/55
// flags: -swift-version 6
// expect: sending-value super-call
// uses: CaseKit
// stand-in: XCTest's XCTestCase (CaseKit's CaseBase: async setUp() and tearDown() that do nothing, as swift-corelibs-xctest's)
// shape: a main-actor test case whose async setUp() and tearDown() await super's
import CaseKit
@MainActor final class Model { var items: [Int] = [] }
#if FIXED
@MainActor class StoreTestCase: CaseBase {
    var ready = false
    override func setUp() async throws { ready = true }
}
@MainActor final class ModelTests: StoreTestCase {
    var model: Model?
    override func setUp() async throws {
        try await super.setUp()
        model = Model()
    }
    override func tearDown() async throws { model = nil }
}
#else
@MainActor final class ModelTests: CaseBase {
    var model: Model?
    override func setUp() async throws {
        try await super.setUp()
        model = Model()
    }
    override func tearDown() async throws {
        model = nil
        try await super.tearDown()
    }
}
#endif
