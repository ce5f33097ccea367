import Foundation
import MatrixKit
import Testing
@testable import TrackerSpec

@Suite("The matrix and its Markdown")
struct MatrixTests {
    /// A matrix of the test catalogue over stages 0 and 1 that agrees with it everywhere.
    func agreeingMatrix(runs: Int = 2) -> Matrix {
        var matrix = Matrix(stages: TestCatalogue.stages, defects: TestCatalogue.defects, runs: runs)
        matrix.scenarios = Set(TestCatalogue.defects.filter { $0.tsanRow != nil }.map(\.id))
        let attributor = RaceAttributor(catalogue: TestCatalogue.defects)
        for stage in TestCatalogue.stages {
            var tally = TSanTally(runs: runs)
            for run in 1...runs {
                for defect in TestCatalogue.defects where defect.tsanRow != nil && defect.isPresent(in: stage.number) {
                    // A by-chance cell is seen in the first run only.
                    if defect.isByChance(in: stage.number) && run > 1 { continue }
                    let finding = RaceFinding(kind: "data race", properties: [], contexts: [], topFrames: [], rows: [defect.id])
                    tally.record(run: run, scenario: defect.id, findings: [finding])
                }
            }
            _ = attributor
            matrix.tsan[stage.number] = tally
        }
        var verdicts = SuiteVerdicts()
        for stage in TestCatalogue.stages {
            for defect in [TestCatalogue.authNeverAnswers, TestCatalogue.blocked] {
                verdicts.add("\(stage.number)\t\(defect.id)\t\(defect.isPresent(in: stage.number) ? "present" : "fixed")")
            }
        }
        matrix.verdicts = verdicts
        matrix.diagnostics = [0: [diagnostic], 1: [diagnostic, diagnostic2]]
        matrix.compileProofs = [0: "1 of 1 files compiled", 1: "1 of 1 files compiled"]
        return matrix
    }

    let diagnostic = CompilerDiagnostics.parse("/p/Sources/S/A.swift:1:1: warning: a [#SendableClosureCaptures]", target: "S")[0]
    let diagnostic2 = CompilerDiagnostics.parse("/p/Sources/S/A.swift:2:1: warning: b", target: "S")[0]

    @Test("a matrix that measures what the catalogue says agrees with it")
    func agrees() {
        let matrix = agreeingMatrix()
        #expect(matrix.mismatches.isEmpty)
        #expect(matrix.allErrors.isEmpty)
        #expect(matrix.agreesWithCatalogue)
    }

    @Test("a row seen once in two runs of the same stage is a flaky mismatch")
    func oneRunOfTwo() {
        var matrix = agreeingMatrix()
        var tally = TSanTally(runs: 2)
        let finding = RaceFinding(kind: "data race", properties: ["isAuthorized"], contexts: [.main, .queue], topFrames: [], rows: ["race-is-authorized"])
        tally.record(run: 1, scenario: "race-is-authorized", findings: [finding])
        tally.record(run: 1, scenario: "race-saved-drinks", findings: [finding])
        tally.record(run: 2, scenario: "race-saved-drinks", findings: [])
        #expect(tally.detections(of: "race-is-authorized") == 1)
        #expect(tally.detections(of: "race-is-authorized", by: "race-is-authorized") == 1)
        #expect(tally.scenarios(of: "race-is-authorized").map(\.scenario) == ["race-is-authorized", "race-saved-drinks"])
        matrix.tsan[0] = tally
        #expect(matrix.mismatches.map(\.defect.id).contains("race-is-authorized"))
        #expect(!matrix.agreesWithCatalogue)
    }

    @Test("an unexpected report makes the matrix disagree and is listed after the table")
    func unexpected() {
        var matrix = agreeingMatrix()
        let stray = RaceFinding(kind: "data race", properties: ["anchor"], contexts: [.queue, .thread], topFrames: ["Sources/Stage1_AsyncAwait/A.swift:3"], rows: [])
        matrix.tsan[1]?.record(run: 2, scenario: "race-query-anchor", findings: [stray])
        #expect(matrix.mismatches.isEmpty)
        #expect(!matrix.agreesWithCatalogue)
        let markdown = MarkdownReport.render(matrix, command: "Scripts/race-matrix --runs 2")
        #expect(markdown.contains("## Unexpected reports"))
        #expect(markdown.contains("- stage 1, scenario `race-query-anchor`, 1/2 runs: anchor; queue vs thread; Sources/Stage1_AsyncAwait/A.swift:3"))
    }

    @Test("a row without a race scenario cannot be measured: an error, whatever the catalogue says")
    func rowWithoutScenario() {
        var matrix = agreeingMatrix()
        matrix.scenarios.remove("race-is-authorized-tasks")
        #expect(matrix.allErrors.contains("race-is-authorized-tasks, stage 0: no race scenario for this row"))
        #expect(!matrix.agreesWithCatalogue)
    }

    @Test("a moved cell needs the row it names present in the same stage")
    func movedNeedsItsRow() {
        var matrix = agreeingMatrix()
        matrix.diagnostics = [0: [diagnostic], 1: []]
        #expect(matrix.mismatches.map { "\($0.defect.id) \($0.stage)" }.contains("race-is-authorized 1"))
    }

    @Test("a compiler cell without proof that the stage compiled is an error, even at 0 diagnostics")
    func compilerCellNeedsProof() {
        var matrix = agreeingMatrix()
        matrix.compileProofs[1] = nil
        #expect(matrix.allErrors.contains("strict-concurrency-diagnostics, stage 1: no proof that the strict build compiled the stage"))
        let markdown = MarkdownReport.render(matrix, command: "x")
        #expect(markdown.contains("- stage 1: **no proof of a compile**"))
    }

    @Test("a missing verdict is an error")
    func missingVerdict() {
        var matrix = agreeingMatrix()
        matrix.verdicts = SuiteVerdicts(parsing: "0\tauth-never-answers\tpresent\n")
        #expect(matrix.allErrors.contains("main-thread-blocked, stage 0: no verdict from the suite"))
        #expect(!matrix.agreesWithCatalogue)
    }

    @Test("the Markdown has one row per defect, one column per stage, the command and no timestamp")
    func markdown() {
        let markdown = MarkdownReport.render(agreeingMatrix(), command: "Scripts/race-matrix --runs 2")
        let lines = markdown.split(separator: "\n")
        let table = lines.filter { $0.hasPrefix("|") }.map(Self.unpadded)
        #expect(table.count == 2 + TestCatalogue.defects.count)
        #expect(table[0] == "| defect | by | 0 | 1 |")
        #expect(table.contains("| `race-is-authorized` | TSan | ✗ 2 | → 0 |"))
        #expect(table.contains("| `race-is-authorized-tasks` | TSan | — 0 | ✗ 1~ |"))
        #expect(table.contains("| `strict-concurrency-diagnostics` | compiler | ✗ 1 | ✗ 2 |"))
        // The list under the table wraps its items; read them unwrapped.
        #expect(markdown.replacingOccurrences(of: "\n  ", with: " ")
            .contains("- `race-is-authorized` (TSan: isAuthorized, main vs queue). Moved in stage 1 to `strict-concurrency-diagnostics`"))
        #expect(markdown.contains("`Scripts/race-matrix --runs 2`"))
        #expect(markdown.contains("- stage 1: `#SendableClosureCaptures` 1"))
        #expect(!markdown.contains("2026") && !markdown.contains("UTC"))
        #expect(MarkdownReport.render(agreeingMatrix(), command: "x") == MarkdownReport.render(agreeingMatrix(), command: "x"))
    }

    @Test("a row that a later step brings in reads \"not yet\" before it, not fixed")
    func notYet() {
        let table = MarkdownReport.render(agreeingMatrix(), command: "x").split(separator: "\n").map(Self.unpadded)
        // race-health-access is present from stage 1: its stage-0 cell is measured clean.
        #expect(table.contains("| `race-health-access` | TSan | — 0 | ✗ 2 |"))
    }

    @Test("a cell that disagrees with the catalogue is marked in the table and listed in full")
    func mismatchMarked() {
        var matrix = agreeingMatrix()
        matrix.verdicts = SuiteVerdicts(parsing: "0\tauth-never-answers\tfixed\n1\tauth-never-answers\tfixed\n0\tmain-thread-blocked\tpresent\n1\tmain-thread-blocked\tpresent\n")
        let markdown = MarkdownReport.render(matrix, command: "x")
        #expect(markdown.split(separator: "\n").map(Self.unpadded).contains("| `auth-never-answers` | suite | ✓! | ✓ |"))
        #expect(markdown.contains("## Mismatches\n\n- `auth-never-answers`, stage 0: measured fixed (suite), catalogue present"))
    }

    @Test("the table and the legend fit 100 columns for the real catalogue, 20 runs, every stage")
    func fitsAHundredColumns() {
        var matrix = Matrix(stages: Stage.all, defects: Catalogue.defects, runs: 20)
        matrix.scenarios = Set(Catalogue.defects.filter { $0.tsanRow != nil }.map(\.id))
        for stage in Stage.all {
            var tally = TSanTally(runs: 20)
            for run in 1...20 {
                for defect in Catalogue.defects where defect.tsanRow != nil && defect.isPresent(in: stage.number) {
                    let finding = RaceFinding(kind: "data race", properties: [], contexts: [], topFrames: [], rows: [defect.id])
                    tally.record(run: run, scenario: defect.id, findings: [finding])
                }
            }
            matrix.tsan[stage.number] = tally
        }
        let markdown = MarkdownReport.render(matrix, command: "Scripts/race-matrix --runs 20")
        let table = markdown.split(separator: "\n").filter { $0.hasPrefix("|") }
        #expect(table.count == 2 + Catalogue.defects.count)
        #expect(table.allSatisfy { $0.count <= CatalogueTable.width }, "\(table.map(\.count).max() ?? 0) columns")
        let legend = markdown.split(separator: "\n").prefix { !$0.hasPrefix("|") }
        #expect(legend.allSatisfy { $0.count <= CatalogueTable.width }, "\(legend.map(\.count).max() ?? 0) columns")
    }

    /// A table line with its padding removed, so that expectations do not depend on widths.
    static func unpadded(_ line: Substring) -> String {
        line.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }

    @Test("skipped rows say so and are no mismatch")
    func skipped() {
        var matrix = agreeingMatrix()
        matrix.diagnostics = nil
        matrix.verdicts = nil
        #expect(matrix.agreesWithCatalogue)
        let table = MarkdownReport.render(matrix, command: "x").split(separator: "\n").map(Self.unpadded)
        #expect(table.contains("| `strict-concurrency-diagnostics` | compiler | skip | skip |"))
    }

    @Test("with the TSan rows skipped, the header does not claim that scenarios ran")
    func tsanSkippedHeader() {
        var matrix = agreeingMatrix()
        #expect(MarkdownReport.render(matrix, command: "x").contains("per stage under ThreadSanitizer"))
        matrix.tsanSkipped = true
        let markdown = MarkdownReport.render(matrix, command: "x")
        #expect(markdown.contains("no race scenario ran under ThreadSanitizer") && !markdown.contains("per stage under ThreadSanitizer"))
    }
}
