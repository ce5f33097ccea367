import MatrixKit
import Testing
@testable import TrackerSpec

@Suite("Judging cells against the catalogue")
struct MatrixCellTests {
    func cell(_ defect: Defect, _ stage: Int, _ measurement: Measurement) -> MatrixCell {
        MatrixCell(defect: defect, stage: stage, measurement: measurement)
    }

    @Test("a reliable row must be seen in every run where present and in none where fixed")
    func reliable() {
        let row = TestCatalogue.anchor  // present in 0 and 1
        #expect(cell(row, 0, .tsan(own: 20, anywhere: 20, runs: 20)).text == "present 20/20")
        #expect(cell(row, 2, .tsan(own: 0, anywhere: 0, runs: 20)).text == "fixed 0/20")
        #expect(cell(row, 0, .tsan(own: 0, anywhere: 0, runs: 20)).text == "**MISMATCH**: measured not seen 0/20, catalogue present")
        #expect(cell(row, 2, .tsan(own: 20, anywhere: 20, runs: 20)).text == "**MISMATCH**: measured present 20/20, catalogue fixed")
    }

    @Test("a reliable row seen in some runs only is flaky, a mismatch either way")
    func flaky() {
        let row = TestCatalogue.anchor
        #expect(cell(row, 0, .tsan(own: 7, anywhere: 7, runs: 20)).mismatch == "measured present 7/20 (flaky), catalogue present")
        #expect(cell(row, 2, .tsan(own: 0, anywhere: 1, runs: 20)).mismatch == "measured present 1/20, catalogue fixed")
    }

    @Test("a present cell counts its own scenario's reports, not another scenario's")
    func ownScenario() {
        let row = TestCatalogue.anchor
        #expect(cell(row, 0, .tsan(own: 19, anywhere: 20, runs: 20)).mismatch == "measured present 19/20 (flaky), catalogue present")
        #expect(cell(row, 0, .tsan(own: 0, anywhere: 20, runs: 20)).mismatch
            == "measured not seen 0/20 by its scenario (other scenarios 20/20), catalogue present")
    }

    @Test("a moved cell is clean in its own contexts, and the row it names is present")
    func moved() {
        let row = TestCatalogue.isAuthorized  // present in 0, moved to the diagnostics row in 1
        let proof = MovedProof(row: "strict-concurrency-diagnostics", present: true)
        #expect(MatrixCell(defect: row, stage: 1, measurement: .tsan(own: 0, anywhere: 0, runs: 20), movedProof: proof).text
            == "moved 0/20 (see strict-concurrency-diagnostics)")
        let seen = MovedProof(row: "strict-concurrency-diagnostics", present: true, seenMoved: 2)
        #expect(MatrixCell(defect: row, stage: 1, measurement: .tsan(own: 0, anywhere: 0, runs: 20), movedProof: seen).text
            == "moved 0/20 (see strict-concurrency-diagnostics; TSan saw it moved 2/20)")
        let gone = MovedProof(row: "strict-concurrency-diagnostics", present: false)
        #expect(MatrixCell(defect: row, stage: 1, measurement: .tsan(own: 0, anywhere: 0, runs: 20), movedProof: gone).mismatch
            == "measured fixed 0/20, catalogue moved, but strict-concurrency-diagnostics measured fixed")
        #expect(MatrixCell(defect: row, stage: 1, measurement: .tsan(own: 0, anywhere: 3, runs: 20), movedProof: proof).mismatch
            == "measured present 3/20, catalogue moved (strict-concurrency-diagnostics present)")
    }

    @Test("a by-chance cell states its count and must be seen at least once; where fixed, never")
    func byChance() {
        let row = TestCatalogue.isAuthorizedTasks  // present in 1, 2, 3, by chance
        #expect(cell(row, 1, .tsan(own: 7, anywhere: 7, runs: 20)).text == "present 7/20 (by chance)")
        #expect(cell(row, 1, .tsan(own: 20, anywhere: 20, runs: 20)).text == "present 20/20")
        #expect(cell(row, 1, .tsan(own: 0, anywhere: 0, runs: 20)).mismatch == "measured not seen 0/20, catalogue present (by chance)")
        #expect(cell(row, 1, .tsan(own: 0, anywhere: 4, runs: 20)).mismatch != nil)
        #expect(cell(row, 0, .tsan(own: 0, anywhere: 0, runs: 20)).text == "fixed 0/20")
        #expect(cell(row, 0, .tsan(own: 2, anywhere: 2, runs: 20)).mismatch == "measured present 2/20, catalogue fixed")
    }

    @Test("suite and watchdog rows compare the suite's verdict")
    func verdicts() {
        #expect(cell(TestCatalogue.authNeverAnswers, 0, .verdict(present: true)).text == "present (suite)")
        #expect(cell(TestCatalogue.blocked, 4, .verdict(present: false)).text == "fixed (watchdog)")
        #expect(cell(TestCatalogue.blocked, 4, .verdict(present: true)).text == "**MISMATCH**: measured present (watchdog), catalogue fixed")
    }

    @Test("the compiler row is present exactly when there are diagnostics")
    func diagnostics() {
        #expect(cell(TestCatalogue.diagnostics, 0, .diagnostics(count: 31)).text == "present, 31 diagnostics")
        #expect(cell(TestCatalogue.diagnostics, 2, .diagnostics(count: 0)).text == "fixed, 0 diagnostics")
        #expect(cell(TestCatalogue.diagnostics, 1, .diagnostics(count: 0)).text == "**MISMATCH**: measured fixed, 0 diagnostics, catalogue present")
    }

    @Test("a skipped cell is no mismatch; a missing one is an error")
    func skippedAndMissing() {
        #expect(cell(TestCatalogue.diagnostics, 0, .skipped).mismatch == nil)
        #expect(!cell(TestCatalogue.diagnostics, 0, .skipped).isError)
        let missing = cell(TestCatalogue.authNeverAnswers, 0, .missing("no verdict from the suite"))
        #expect(missing.isError && missing.mismatch == nil)
        #expect(missing.text == "**ERROR**: no verdict from the suite")
    }
}
