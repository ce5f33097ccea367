import MatrixKit
import Testing

@Suite("Reading the suite's verdicts")
struct SuiteVerdictsTests {
    @Test("each line gives one stage's verdict on one row")
    func lines() {
        let verdicts = SuiteVerdicts(parsing: "0\tauth-never-answers\tpresent\n1\tauth-never-answers\tfixed\n")
        #expect(verdicts.verdict(stage: 0, defect: "auth-never-answers") == true)
        #expect(verdicts.verdict(stage: 1, defect: "auth-never-answers") == false)
        #expect(verdicts.verdict(stage: 2, defect: "auth-never-answers") == nil)
        #expect(verdicts.problems.isEmpty)
    }

    @Test("an unreadable line and a contradicting verdict are problems")
    func problems() {
        let verdicts = SuiteVerdicts(parsing: "0\tduplicate-import\tpresent\n0\tduplicate-import\tfixed\nnonsense\n")
        #expect(verdicts.problems.count == 2)
        #expect(verdicts.verdict(stage: 0, defect: "duplicate-import") == true)
    }
}
