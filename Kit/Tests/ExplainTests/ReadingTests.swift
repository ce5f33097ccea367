import ExplainKit
import Foundation
import Testing

/// Every line of the input is accounted for: a diagnostic (routed or unknown), a note read
/// with the diagnostic it explains, a wrapped piece joined to its line, or a skipped line.
struct ReadingTests {
    static let router = Router(table: Kit.table)

    @Test func anIssueNavigatorCopyWithoutSeverityOrPathIsRead() {
        let copy = """
            Capture of 'ledger' with non-Sendable type 'Ledger' in a '@Sendable' closure
            Main actor-isolated property 'title' can not be referenced from a nonisolated context
            Reference to captured var 'tally' in concurrently-executing code
            Stored property 'queue' of 'Sendable'-conforming class 'Mailbox' has non-Sendable type 'Fifo'
            """
        let log = Self.router.route(copy)
        #expect(log.routedCount + log.unknownCount == 4)
        #expect(log.skipped == 0)
    }

    @Test func aLineShapedLikeADiagnosticThatNoRowKnowsIsListedNotDropped() {
        let log = Self.router.route("Passing non-sendable parameter 'job' to function expecting a '@Sendable' closure\nBuild complete!")
        #expect(log.routedCount + log.unknownCount == 1)
        #expect(log.skipped == 1)
    }

    @Test func notesAreReadWithTheirErrorAndNameItsCause() {
        let log = """
            /src/Feed.swift:6:26: error: sending 'reading' risks causing data races [#SendingRisksDataRace]
             4 |     await withCheckedContinuation { continuation in
             6 |             continuation.resume(returning: reading)
               |                          |- error: sending 'reading' risks causing data races [#SendingRisksDataRace]
               |                          `- note: task-isolated 'reading' is passed as a 'sending' parameter; Uses in callee may race with later task-isolated uses
            """
        let routed = Self.router.route(log)
        #expect(routed.diagnostics.count == 1)
        #expect(routed.notesRead == 1)
        #expect(routed.diagnostics[0].entry.notes.count == 1)
        #expect(routed.diagnostics[0].causes?.toldBy != nil)
        #expect(routed.diagnostics[0].causes?.first?.id == "task-isolated")
    }

    @Test func aNoteOnItsOwnLineJoinsTheDiagnosticBeforeIt() {
        let log = """
            /src/A.swift:3:63: error: capture of 's' with non-Sendable type 'Session' in a '@Sendable' closure
            /deps/OldKit/Session.swift:1:14: note: class 'Session' does not conform to the 'Sendable' protocol
            """
        let routed = Self.router.route(log)
        #expect(routed.diagnostics.count == 1 && routed.notesRead == 1)
    }

    @Test func aRegionExplanationPastedAloneRoutesToItsRow() {
        let routed = Self.router.route("task-isolated 'reading' is passed as a 'sending' parameter; Uses in callee may race with later task-isolated uses")
        #expect(routed.routing.kinds.map(\.row.id) == ["sending-value"])
    }

    @Test func aLineTheTerminalWrappedIsJoinedToTheLineBefore() {
        let log = """
            /src/App/Model.swift:10:5: warning: capture of 'store' with non-Sendable type
            'Store' in a '@Sendable' closure
            /src/App/Model.swift:20:5: warning: converting non-Sendable function value to '@Sendable () async -> Void' may
            introduce data races
            """
        let routed = Self.router.route(log)
        #expect(routed.routing.kinds.map(\.row.id) == ["sendable-closure-capture", "nonsendable-function-conversion"])
        #expect(routed.skipped == 0 && routed.unknownCount == 0)
    }

    @Test func xcodesBuildLogPutsThePathOnTheNextLine() {
        let log = "Swift Compiler Error (Xcode): Sending 'draft' risks causing data races\n/Users/me/App/Sources/App/Editor.swift:41:17\n"
        let routed = Self.router.route(log)
        #expect(routed.routing.kinds.map(\.row.id) == ["sending-value"])
        #expect(routed.diagnostics.first?.entry.location == "Sources/App/Editor.swift:41:17")
    }

    @Test func progressAndExcerptsAreCountedAsSkipped() {
        let log = "[3/9] Compiling App Model.swift\n12 |   foo()\n   |   ^\nBuild complete! (3.1s)\n"
        let routed = Self.router.route(log)
        #expect(routed.diagnostics.isEmpty)
        #expect(routed.skipped == 4)
    }

    @Test func theSummaryGivesTheThreeCountsAndBothToolchains() {
        let routed = Self.router.route("/a/B.swift:1:1: error: cannot find 'x' in scope\n[1/2] Compiling\n"
            + "/a/B.swift:2:1: warning: sending 'x' risks causing data races")
        let text = Report(table: Kit.table, docs: GroupDocs(directory: nil)).render(routed, toolchain: "Swift 9.9, Linux")
        #expect(text.contains("2 diagnostics: 1 routed to 1 kind, 1 unknown; 1 other line skipped"))
        #expect(text.contains("Swift 9.9, Linux") && text.contains(Kit.table.measuredWith ?? "?"))
    }
}

extension ReadingTests {
    /// One line copied out of a source excerpt is the diagnostic itself, not a repeat.
    @Test func aDiagnosticCopiedFromAnExcerptAloneIsRead() {
        let log = Self.router.route("`- warning: capture of non-Sendable type 'Grid.Type' in an isolated closure [#SendableMetatypes]")
        #expect(log.routing.kinds.map(\.row.id) == ["sendable-metatype-capture"])
    }

    /// A region checker's explanation pasted under its message, without "note:", is its note.
    @Test func aPastedRegionExplanationNamesTheCause() {
        let log = Self.router.route("Sending 'span' risks causing data races\n"
            + "Task-isolated 'span' is captured by a main actor-isolated closure. main actor-isolated uses in closure may race against later nonisolated uses")
        #expect(log.diagnostics.count == 1)
        #expect(log.diagnostics.first?.causes?.first?.id == "task-isolated")
    }

    /// A cause the line cannot tell is printed with the others, in order; the build settings
    /// (`--package`, `try`) tell it.
    @Test func buildSettingsTellDefaultMainActorIsolation() {
        let line = "main actor-isolated property 'title' cannot be referenced from a nonisolated context"
        #expect(Self.router.route(line, single: true).diagnostics.first?.causes?.toldBy == nil)
        let told = Self.router.route(line, settings: BuildSettings(facts: [.defaultMainActor]), single: true)
        #expect(told.diagnostics.first?.causes?.first?.id == "default-main-actor")
    }

    /// The excerpt's source line tells a default argument from a stored property's default.
    @Test func theExcerptsSourceLineTellsADefaultArgument() {
        let log = """
            /src/A.swift:11:11: error: main actor-isolated default value in a nonisolated context
            11 | func make(model: Model = Model()) {}
               |           `- error: main actor-isolated default value in a nonisolated context
            """
        #expect(Self.router.route(log).diagnostics.first?.causes?.first?.id == "default-argument")
    }
}

extension ReadingTests {
    @Test func theExitStatusSaysWhetherEveryDiagnosticRouted() {
        #expect(Self.router.route("Build complete!\n").exitStatus == 0)
        #expect(Self.router.route("/a/B.swift:2:1: warning: sending 'x' risks causing data races").exitStatus == 0)
        #expect(Self.router.route("/a/B.swift:1:1: error: cannot find 'x' in scope").exitStatus == 1)
    }
}
