import ExplainKit
import Foundation
import Testing

/// A fresh tester's sixth round (Swift 6.3.1, Linux): the one input whose first fix did not
/// build, exactly as pasted. The fix named first is built before and after by program y10.
struct RouterRound6Tests {
    static let router = Router(table: Kit.table)

    static let log03 = #"""
        c3.swift:5:32: error: main actor-isolated property 'sut' can not be mutated from a nonisolated context
        2 | @MainActor final class LoginViewModel { var name = "" }
        3 | final class LoginTests: XCTestCase {
        4 |     @MainActor var sut: LoginViewModel?
          |                    `- note: mutation of this property is only permitted within the actor
        5 |     override func tearDown() { sut = nil; super.tearDown() }
          |                                `- error: main actor-isolated property 'sut' can not be mutated from a nonisolated context
        6 | }
        7 | 
        """#

    /// An async `tearDown` still writes the main actor's property from a nonisolated method,
    /// and a hop to the main actor sends the test case: neither builds. The plain property does.
    @Test func r3ATestClassesOwnMainActorPropertyLosesTheAttributeFirst() throws {
        let routed = try #require(Self.router.route(Self.log03, settings: .unknown).diagnostics.first)
        #expect(routed.row?.id == "isolated-ref-nonisolated")
        let cause = try #require(routed.causes?.first)
        #expect(cause.id == "test-own-property")
        #expect(cause.fixes.first?.contains("drop `@MainActor` from the stored property") == true)
        #expect(cause.wrongFixes?.contains { $0.hasPrefix("`override func tearDown() async throws") } == true)
    }
}
