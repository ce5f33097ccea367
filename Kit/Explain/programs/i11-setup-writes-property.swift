// source: https://github.com/swiftlang/swift/issues/75815
// flags: -swift-version 6
// expect: isolated-ref-nonisolated nonisolated-override
// stand-in: XCTest's XCTestCase: a nonisolated open class with setUp() and setUp() async throws (declared here as CaseBase)
// shape: a main-actor test case whose synchronous setUp() override stores a main-actor model; the fix overrides the async variant in a class not marked `@MainActor` (swift-corelibs-xctest crashes on a main-actor test class: Kit/Explain/evidence/corelibs-xctest-main-actor.md)
#if FIXED
class CaseBase { func setUp() {}; func setUp() async throws {} }
@MainActor final class Model { var items: [Int] = []; init() {} }
final class ModelTests: CaseBase {
    var model: Model?
    override func setUp() async throws { model = await Model() }
}
#else
class CaseBase { func setUp() {}; func setUp() async throws {} }
@MainActor final class Model { var items: [Int] = [] }
@MainActor final class ModelTests: CaseBase {
    var model: Model?
    override func setUp() { model = Model() }
}
#endif
