import ExplainKit
import Foundation
import Testing

/// The verifier can fail: a row whose wording the compiler no longer prints, or a kit
/// diagnostic no row knows, is a problem. (Cheap: a note's block, no build.)
struct VerifierTests {
    static func table(template: String) throws -> Table {
        let json = """
            {"groups": [{"name": "SendingRisksDataRace", "doc": "sending-risks-data-race.md"}],
             "rows": [{"id": "probe-row", "group": "SendingRisksDataRace", "templates": ["\(template)"],
                       "meaning": ["a", "b"], "kit": [{"what": "w"}], "fixes": ["f"], "wrongFixes": ["w"], "proposals": ["p"],
                       "reproductions": [{"note": "Steps/06-approachable-concurrency/off-main.md",
                                          "block": "06-d-nonisolated-store-old-semantics.patch"}]}]}
            """
        return try JSONDecoder().decode(Table.self, from: Data(json.utf8))
    }

    static func problems(_ table: Table) -> [String] {
        Verifier(table: table, root: Kit.root) { _ in }.verify().problems
    }

    @Test func aRowWhoseReproductionStillPrintsItsWordingPasses() throws {
        let problems = Self.problems(try Self.table(template: "sending % risks causing data races"))
        #expect(!problems.contains { $0.hasPrefix("probe-row") })
    }

    @Test func aRewordedTemplateFailsItsRow() throws {
        let problems = Self.problems(try Self.table(template: "sending % risks causing races"))
        #expect(problems.contains { $0.hasPrefix("probe-row") })
    }

    @Test func aPointerToABlockWithoutTheKindFailsItsRow() throws {
        // The block of the patch one step earlier, where the store still runs on main.
        var table = try Self.table(template: "sending % risks causing data races")
        table.rows[0].reproductions = [try JSONDecoder().decode(Reproduction.self, from: Data("""
            {"note": "Steps/06-approachable-concurrency/off-main.md", "block": "06-d-nonisolated-store.patch"}
            """.utf8))]
        #expect(Self.problems(table).contains { $0.hasPrefix("probe-row") && $0.contains("prints nothing of this kind") })
    }

    @Test func kitDiagnosticsNoRowKnowsAreProblems() throws {
        // A one-row table leaves the kit's other diagnostics unrouted.
        let problems = Self.problems(try Self.table(template: "sending % risks causing data races"))
        #expect(problems.contains { $0.contains("the kit produces a diagnostic no row knows") })
    }
}
