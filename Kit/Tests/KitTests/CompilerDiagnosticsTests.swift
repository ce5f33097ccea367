import MatrixKit
import Testing

@Suite("Counting strict-concurrency diagnostics")
struct CompilerDiagnosticsTests {
    @Test("diagnostics are counted once each, in the stage's sources only, deprecations excluded")
    func counting() throws {
        let found = CompilerDiagnostics.parse(try Fixture.text("stage1-strict.txt"), target: "Stage1_AsyncAwait")
        // CoffeeData.swift:58 and HealthKitController.swift:112 (printed twice); not the
        // deprecation, not the WatchKitSim note, not the excerpts' indented copies.
        #expect(found.map { "\($0.path):\($0.line):\($0.column)" } == [
            "Sources/Stage1_AsyncAwait/CoffeeData.swift:58:37",
            "Sources/Stage1_AsyncAwait/HealthKitController.swift:112:13",
        ])
        #expect(found[1].groups == ["#SendableClosureCaptures"])
        #expect(found[0].groups.isEmpty)
    }

    @Test("another target's files do not count")
    func otherTarget() throws {
        #expect(CompilerDiagnostics.parse(try Fixture.text("stage1-strict.txt"), target: "Stage0_GCD").isEmpty)
        #expect(CompilerDiagnostics.parse(try Fixture.text("stage1-strict.txt"), target: "Stage1").isEmpty)
    }

    @Test("errors count like warnings (the Swift 6 mode stage)")
    func errors() {
        let output = """
            /p/Sources/Stage5_Swift6/A.swift:3:9: error: sending 'x' risks causing data races [#SendingRisksDataRace]
            /p/Sources/Stage5_Swift6/A.swift:4:1: warning: var 'y' is not concurrency-safe [#MutableGlobalVariable]
            /p/Sources/Stage5_Swift6/A.swift:5:1: warning: 'f()' is deprecated: use g()
            """
        let found = CompilerDiagnostics.parse(output, target: "Stage5_Swift6")
        #expect(found.map(\.severity) == ["error", "warning"])
    }

    @Test("groups are counted per stage, most frequent first")
    func groupCounts() {
        let output = """
            /p/Sources/S/A.swift:1:1: warning: a [#SendableClosureCaptures]
            /p/Sources/S/A.swift:2:1: warning: b [#SendableClosureCaptures]
            /p/Sources/S/A.swift:3:1: warning: c [#ActorIsolatedCall]
            /p/Sources/S/A.swift:4:1: warning: d
            """
        let groups = CompilerDiagnostics.groupCounts(CompilerDiagnostics.parse(output, target: "S"))
        #expect(groups.map(\.group) == ["#SendableClosureCaptures", "#ActorIsolatedCall"])
        #expect(groups.map(\.count) == [2, 1])
    }
}
