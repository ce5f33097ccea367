import ExplainKit
import Foundation
import Testing

/// A row's `changes` say when a wording stopped being printed. "before 6.3" (or any label
/// that ends before this toolchain) is a claim that Swift 6.3.1 no longer prints it: each
/// `older` wording so labelled must match none of this toolchain's diagnostic texts whole
/// (read from `swift-frontend` as `TemplateDefinitionTests` reads them). An older wording this
/// compiler still prints is a current wording of another case, and its label must say so.
struct VersionLabelTests {
    /// The older wordings a change labels as gone before this toolchain ("worded '…'").
    static func labelledGone(_ row: Row) -> [String] {
        let gone = (row.changes ?? []).filter { ["before 6.3", "6.0", "6.1", "6.2", "5.10", "before 6.2"].contains($0.swift) }
        return (row.older ?? []).filter { older in
            let quoted = "worded '\(older.replacingOccurrences(of: "%", with: "…"))'"
            return gone.contains { $0.what.hasPrefix(quoted) }
        }
    }

    @Test func noWordingLabelledGoneIsStillPrintedByThisToolchain() throws {
        let definitions = try #require(TemplateDefinitionTests.definitions, "`strings` or the frontend not found: not measured")
        var checked = 0
        for row in Kit.table.rows where !row.isRuntime {
            for older in Self.labelledGone(row) {
                checked += 1
                let result = TemplateDefinitionTests.match(older, in: definitions, lowered: TemplateDefinitionTests.lowered)
                #expect(!result.matched, "\(row.id): '\(older)' is labelled gone, but this toolchain's compiler still defines it")
            }
        }
        #expect(checked > 10)
    }
}
