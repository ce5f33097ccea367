import Testing
@testable import ExplainKit

@Suite("Which target a build log compiled, under either build system")
struct BuildLogTargetTests {
    @Test("the native build system's and Swift Build's progress lines name the target; other lines none")
    func progressLines() {
        #expect(PackageWalk.compiledTarget("[7/13] Compiling Ledger Ledger.swift") == "Ledger")
        #expect(PackageWalk.compiledTarget("Emitting module Ledger") == "Ledger")
        #expect(PackageWalk.compiledTarget("[46/100] Ledger 36 / 77") == "Ledger")
        #expect(PackageWalk.compiledTarget("Planning 96 / 154") == nil)
        #expect(PackageWalk.compiledTarget("[2/100] AllIncludingTests") == nil)
    }
}
