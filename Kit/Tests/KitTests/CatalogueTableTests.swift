import Testing
import TrackerSpec

@Suite("tracker --catalogue: the catalogue on a 100-column screen")
struct CatalogueTableTests {
    let lines = CatalogueTable.render().split(separator: "\n", omittingEmptySubsequences: false)

    @Test("every line of the catalogue fits 100 columns")
    func fitsAHundredColumns() {
        let widest = lines.map(\.count).max() ?? 0
        #expect(widest <= CatalogueTable.width, "the widest line has \(widest) columns")
    }

    @Test("the table has one row per defect and one column per stage")
    func oneColumnPerStage() {
        let table = lines.filter { $0.hasPrefix("|") }
        #expect(table.count == 2 + Catalogue.defects.count)
        let columns = table[0].split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(columns == ["defect"] + Stage.all.map { "\($0.number)" })
        for defect in Catalogue.defects {
            #expect(lines.contains { $0.hasPrefix(defect.id + ", found by ") }, "no summary for \(defect.id)")
        }
    }

    @Test("a row that a later step brings in reads \"not yet\" before that step, not fixed")
    func notYetBeforeItsStep() {
        let shim = Catalogue.defect("shim-calls-back-off-main")
        #expect(shim.introduced == 1)
        #expect(CatalogueTable.mark(shim, in: 0) == CatalogueTable.notYet)
        #expect(CatalogueTable.mark(shim, in: 1) == CatalogueTable.present)
        #expect(CatalogueTable.mark(shim, in: 3) == CatalogueTable.fixed)
        let row = lines.first { $0.hasPrefix("| shim-calls-back-off-main ") }.map(Self.cells)
        #expect(row == ["shim-calls-back-off-main", "—", "✗", "✗", "✓", "✓", "✓", "✓"])
    }

    @Test("a moved race is marked and names the row that shows it")
    func movedNamesItsRow() {
        let row = lines.first { $0.hasPrefix("| race-is-authorized ") }.map(Self.cells)
        #expect(row == ["race-is-authorized", "✗", "→", "→", "→", "✓", "✓", "✓"])
        #expect(lines.contains("    moved in stages 1, 2, 3: see controller-crosses-domains"))
    }

    @Test("wrapping breaks at spaces, indents the rest, and keeps a long word whole")
    func wraps() {
        #expect(CatalogueTable.wrap("aa bb cc", width: 5, first: "", indent: "  ") == ["aa bb", "  cc"])
        #expect(CatalogueTable.wrap("abcdefgh ij", width: 4) == ["abcdefgh", "ij"])
    }

    static func cells(_ line: Substring) -> [String] {
        line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
    }
}
