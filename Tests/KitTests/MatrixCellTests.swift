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
        let row = TestCatalogue.isAuthorized  // present in 0 only
        #expect(cell(row, 0, .tsan(detected: 20, runs: 20)).text == "present 20/20")
        #expect(cell(row, 1, .tsan(detected: 0, runs: 20)).text == "fixed 0/20")
        #expect(cell(row, 0, .tsan(detected: 0, runs: 20)).text == "**MISMATCH**: measured fixed 0/20, catalogue present")
        #expect(cell(row, 1, .tsan(detected: 20, runs: 20)).text == "**MISMATCH**: measured present 20/20, catalogue fixed")
    }

    @Test("a reliable row seen in some runs only is flaky, a mismatch either way")
    func flaky() {
        let row = TestCatalogue.isAuthorized
        #expect(cell(row, 0, .tsan(detected: 7, runs: 20)).mismatch == "measured present 7/20 (flaky), catalogue present")
        #expect(cell(row, 1, .tsan(detected: 1, runs: 20)).mismatch == "measured present 1/20 (flaky), catalogue fixed")
    }

    @Test("a by-chance row may show any count where present, and must show none where fixed")
    func byChance() {
        let row = TestCatalogue.isAuthorizedTasks  // present in 1, 2, 3
        #expect(cell(row, 1, .tsan(detected: 7, runs: 20)).text == "present 7/20 (by chance)")
        #expect(cell(row, 1, .tsan(detected: 0, runs: 20)).text == "not seen 0/20 (by chance)")
        #expect(cell(row, 0, .tsan(detected: 0, runs: 20)).text == "fixed 0/20")
        #expect(cell(row, 0, .tsan(detected: 2, runs: 20)).mismatch == "measured present 2/20 (by chance), catalogue fixed")
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
