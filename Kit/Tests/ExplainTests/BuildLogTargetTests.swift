import Testing
@testable import ExplainKit

@Suite("Which target a build log compiled, under either build system")
struct BuildLogTargetTests {
    @Test("the native build system's progress lines name the target; Swift Build's task counts do not, as some come before the target compiles")
    func progressLines() {
        #expect(PackageWalk.compiledTarget("[7/13] Compiling Ledger Ledger.swift") == "Ledger")
        #expect(PackageWalk.compiledTarget("Emitting module Ledger") == "Ledger")
        #expect(PackageWalk.compiledTarget("[18/100] ShopApp 15 / 76") == nil)
        #expect(PackageWalk.compiledTarget("Planning 96 / 154") == nil)
    }
}
