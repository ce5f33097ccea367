// source: https://github.com/mozilla-mobile/firefox-ios/pull/33477
// flags: -swift-version 6
// expect: isolated-ref-nonisolated test-own-property
// shape: (round 6, case 3) a nonisolated XCTestCase marks its own stored property @MainActor and clears it in the synchronous tearDown; the fix keeps the main-actor object in a plain property (a main-actor class is Sendable)
import XCTest
#if FIXED
@MainActor final class LoginViewModel { var name = "" }
final class LoginTests: XCTestCase {
    var sut: LoginViewModel?
    override func tearDown() { sut = nil; super.tearDown() }
}
#else
@MainActor final class LoginViewModel { var name = "" }
final class LoginTests: XCTestCase {
    @MainActor var sut: LoginViewModel?
    override func tearDown() { sut = nil; super.tearDown() }
}
#endif
