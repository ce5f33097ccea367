// source: https://github.com/swiftlang/swift-package-manager/pull/5525
// flags: -swift-version 6
// expect: call-isolated-sync test-method
// shape: a synchronous XCTest test method calls a main-actor model's method (round 5, #1); the fix makes the test async and awaits, reading the value before the assertion (an autoclosure cannot await)
import XCTest
#if FIXED
@MainActor final class ViewModel { var count = 0; func load() {} }
final class VMTests: XCTestCase {
    func testLoad() async {
        let vm = ViewModel()
        await vm.load()
        let count = await vm.count
        XCTAssertEqual(count, 0)
    }
}
#else
@MainActor final class ViewModel { var count = 0; func load() {} }
final class VMTests: XCTestCase {
    var vm: ViewModel!
    func testLoad() {
        vm.load()
    }
}
#endif
