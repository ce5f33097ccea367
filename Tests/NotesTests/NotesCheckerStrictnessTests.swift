import NotesKit
import Testing

@Suite("A (no diagnostics) note block needs a compile that ran and succeeded")
struct NoDiagnosticsProofTests {
    @Test("silence from a failed build, or a build that compiled nothing, proves nothing")
    func proof() {
        let good = "[3/6] Emitting module Stage5_Swift6\n[4/9] Compiling Stage5_Swift6 CoffeeData.swift\nBuild of target: 'Stage5_Swift6' complete! (1.2s)\n"
        #expect(SlowChecks.compileProofMissing(target: "Stage5_Swift6", status: 0, output: good) == nil)
        #expect(SlowChecks.compileProofMissing(target: "Stage5_Swift6", status: 1, output: good) == "the build failed (exit 1)")
        #expect(SlowChecks.compileProofMissing(target: "Stage5_Swift6", status: 0, output: "Build of target: 'Stage5_Swift6' complete!")
            == "the build log shows no compile job of Stage5_Swift6")
    }
}
