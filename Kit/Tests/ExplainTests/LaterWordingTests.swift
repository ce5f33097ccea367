import ExplainKit
import Foundation
import Testing

/// Swift 6.4's wordings (each row's `later`, each cause's `laterNotes`): every template
/// matches the 6.4 compiler's own text with its arguments filled in, that text routes to the
/// same row (and cause) as the 6.3 form, and each says which branch it was read from.
struct LaterWordingTests {
    @Test func every64TemplateMatchesThe64TextWithItsArgumentsFilledIn() {
        var checked = 0
        for row in Kit.table.rows {
            for later in row.later ?? [] {
                checked += 1
                #expect(!later.branch.isEmpty, "\(row.id)")
                let text = Templates.normalize(later.example)
                #expect(Templates.matches(Templates.pattern(later.template, anchored: true), text), "\(row.id): \(later.example)")
                #expect(Kit.matcher.row(forMessage: later.example)?.id == row.id, "\(row.id): \(later.example)")
            }
            for cause in row.causes ?? [] {
                for later in cause.laterNotes ?? [] {
                    checked += 1
                    #expect(!later.branch.isEmpty, "\(row.id)/\(cause.id)")
                    #expect(Templates.matches(Templates.pattern(later.template, anchored: false), Templates.normalize(later.example)),
                            "\(row.id)/\(cause.id): \(later.example)")
                }
            }
        }
        #expect(checked >= 6)
    }

    /// 6.4 renames "task-isolated" to "code in the current isolation context" in the region
    /// notes and nests the group tag: the 6.4 line reaches the answer the 6.3 line reaches.
    @Test func aRegionDiagnosticIn64WordsGetsThe63Answer() {
        let old = """
            error: sending 'reading' risks causing data races [#SendingRisksDataRace]
            note: task-isolated 'reading' is passed as a 'sending' parameter; Uses in callee may race with later task-isolated uses
            """
        let new = """
            error: sending 'reading' risks causing data races [#RegionIsolation::SendingRisksDataRace]
            note: 'reading' is passed as a 'sending' parameter; Uses in callee may race with code in the current isolation context
            """
        let captured = """
            error: sending 'ns' risks causing data races [#RegionIsolation::SendingRisksDataRace]
            note: 'ns' is captured by a actor-isolated closure. actor-isolated uses in closure may race against code in the current isolation context
            """
        let answers = [old, new, captured].map { text -> String in
            let routed = Router(table: Kit.table).route(text).diagnostics.first
            return "\(routed?.row?.id ?? "-")/\(routed?.causes?.toldBy == nil ? "-" : routed?.causes?.first?.id ?? "-")"
        }
        #expect(answers == ["sending-value/task-isolated", "sending-value/task-isolated", "sending-value/task-isolated"])
        let closure64 = "error: passing closure as a 'sending' parameter risks causing data races between code in the current "
            + "isolation context and concurrent execution of the closure [#RegionIsolation::SendingClosureRisksDataRace]"
        #expect(Router(table: Kit.table).route(closure64).diagnostics.first?.row?.id == "sending-closure")
    }

    /// The tag first: a 6.4 line whose group names one row reaches it even in words the table
    /// does not hold; a tag of several rows leaves the choice to the words.
    @Test func theGroupTagRoutesFirstAndTheWordsSecond() {
        let matcher = Kit.matcher
        #expect(matcher.row(forMessage: "unstructured throwing task was not used, which may accidentally ignore errors thrown inside the task [#NoUseUnstructuredThrowingTask]")?.id
                == "throwing-task-result-unused")
        #expect(matcher.row(forMessage: "a wording no table has [#NoUseUnstructuredThrowingTask]")?.id == "throwing-task-result-unused")
        #expect(matcher.row(forMessage: "a wording no table has [#SendableClosureCaptures]") == nil)
        #expect(matcher.row(forMessage: "mutation of captured var 'n' in concurrently-executing code [#sendable-closure-captures]")?.id
                == "captured-var-mutation")
        #expect(Matcher.groupKey("RegionIsolation::SendingRisksDataRace") == Matcher.groupKey("sending-risks-data-race"))
    }
}
