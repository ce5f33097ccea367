// source: https://github.com/swiftlang/swift-corelibs-xctest/issues/439
// flags: -swift-version 6
// expect: await-in-autoclosure
// wrong: NO_AWAIT
// shape: (round 7, input 27) an async XCTest method awaits a main-actor property inside `XCTAssertEqual`, whose autoclosure cannot suspend; the fix reads it into a local first; dropping the `await` (NO_AWAIT) is refused too
import XCTest
@MainActor final class BudgetViewModel { var total = 0 }
#if FIXED
final class BudgetViewModelTests: XCTestCase {
    func testStartsEmpty() async {
        let model = BudgetViewModel()
        let total = await model.total
        XCTAssertEqual(total, 0)
    }
}
#elseif NO_AWAIT
final class BudgetViewModelTests: XCTestCase {
    func testStartsEmpty() async {
        let model = BudgetViewModel()
        XCTAssertEqual(model.total, 0)
    }
}
#else
final class BudgetViewModelTests: XCTestCase {
    func testStartsEmpty() async {
        let model = BudgetViewModel()
        XCTAssertEqual(await model.total, 0)
    }
}
#endif
