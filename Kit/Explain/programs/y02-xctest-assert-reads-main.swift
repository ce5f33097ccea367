// source: https://github.com/swiftlang/swift-package-manager/pull/5525
// flags: -swift-version 6
// expect: isolated-ref-nonisolated test-method
// shape: XCTAssertEqual in a synchronous test method reads a main-actor property: its autoclosure is nonisolated (round 5, #1); the fix reads it with await into a local in an async test
import XCTest
#if FIXED
@MainActor final class ViewModel { var count = 0 }
final class VMTests: XCTestCase {
    var vm: ViewModel!
    func testCount() async {
        let count = await vm.count
        XCTAssertEqual(count, 0)
    }
}
#else
@MainActor final class ViewModel { var count = 0 }
final class VMTests: XCTestCase {
    var vm: ViewModel!
    func testCount() {
        XCTAssertEqual(vm.count, 0)
    }
}
#endif
