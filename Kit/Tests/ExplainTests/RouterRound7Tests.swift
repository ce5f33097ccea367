import ExplainKit
import Foundation
import Testing

/// A fresh tester's seventh round (Swift 6.3.1, Linux): each input exactly as pasted (the files
/// under round7-inputs/, copied byte for byte from the tester's; a line quoted in the report, as
/// quoted). Each test pins the row and cause it routes to, and the programs that prove that
/// cause's fixes and wrong fixes (`Cause.programs`, a program's `expect:` and `wrong:` lines):
/// ids, not the table's English.
struct RouterRound7Tests {
    static let router = Router(table: Kit.table)

    /// An input file as the tester pasted it.
    static func input(_ name: String) throws -> String {
        try String(contentsOf: Kit.root.appendingPathComponent("Kit/Tests/ExplainTests/round7-inputs/\(name)"), encoding: .utf8)
    }

    static func program(_ name: String) throws -> Program {
        let file = "Kit/Explain/programs/\(name).swift"
        return try Program.parse(file: file, text: String(contentsOf: Kit.root.appendingPathComponent(file), encoding: .utf8))
    }

    /// The input's first diagnostic that routes to `row`.
    static func routed(_ text: String, to row: String) throws -> RoutedDiagnostic {
        try #require(router.route(text).diagnostics.first { $0.row?.id == row })
    }

    /// The cause told first names these programs, and each expects this row and cause (and
    /// carries these wrong fixes).
    static func expectProven(_ diagnostic: RoutedDiagnostic, cause: String, programs: [String], wrong: [String] = []) throws {
        let first = try #require(diagnostic.causes?.first)
        #expect(diagnostic.causes?.toldBy != nil)
        #expect(first.id == cause)
        #expect(first.programs == programs)
        let proof = try program(try #require(programs.first))
        #expect(proof.row == diagnostic.row?.id)
        #expect(proof.cause == cause)
        #expect(proof.wrong == wrong)
    }
}

/// W1 and W2: a main-actor closure and a `@preconcurrency` witness a framework calls on its own
/// thread. The fix starts at the frame the check stopped, the developer's own: the closure or the
/// witness, not its caller; the row's one fix ("an isolated conformance…") is gone.
extension RouterRound7Tests {
    @Test func w1AClosureEnteredOffMainIsMadeSendableAndHops() throws {
        for name in ["06s.crash", "06.crash"] {
            let crash = try Self.routed(try Self.input(name), to: "executor-assumption")
            #expect(CauseChooser.enteredFrame(of: crash.entry)?.contains("closure #1 in NotificationScheduler.requestAuthorization()") == true)
            try Self.expectProven(crash, cause: "main-actor-closure", programs: ["z02-main-actor-closure-off-main"], wrong: ["HOP"])
        }
    }

    @Test func w2APreconcurrencyWitnessEnteredOffMainBecomesANonisolatedHop() throws {
        let crash = try Self.routed(try Self.input("38.out"), to: "executor-assumption")
        #expect(CauseChooser.enteredFrame(of: crash.entry)?.contains("protocol witness for SessionDelegate.session(didReceiveMessage:)") == true)
        try Self.expectProven(crash, cause: "preconcurrency-witness", programs: ["z03-preconcurrency-witness-off-main"], wrong: ["NONISOLATED"])
    }

    @Test func w1w2NoFixIsOfferedForEveryCauseOfTheTrap() throws {
        let row = try #require(Kit.table.row(named: "executor-assumption"))
        #expect(row.fixes.isEmpty)
        // An `assumeIsolated` promise, pasted as one line, stays the main actor's own cause.
        let line = try Self.routed("0  libdispatch.dylib              0x64d8 _dispatch_assert_queue_fail + 120", to: "executor-assumption")
        #expect(line.causes?.first?.id == "main-actor")
        #expect(line.causes?.first?.programs == ["e02-main-assume-isolated"])
    }
}

/// W3: the note says "sending main actor-isolated 'doc' to …" for a parameter and for a local
/// read from a property alike; what `doc` is, the excerpt says.
extension RouterRound7Tests {
    @Test func w3ALocalReadFromAModelIsActorStateNotAParameter() throws {
        let send = try Self.routed(try Self.input("10b.log"), to: "sending-value")
        #expect(ValueKind.of(send.entry)?.kind == .state)
        try Self.expectProven(send, cause: "actor-state", programs: ["z01-state-local-sent", "v03-actor-buffer"], wrong: ["SENDING"])
        // Both of the same file's lines are the model's state, one kind.
        let both = Self.router.route(try Self.input("10.log"))
        #expect(both.diagnostics.map { $0.causes?.first?.id } == ["actor-state", "actor-state"])
    }

    @Test func w3AParameterWithTheSameNoteStaysTaskIsolated() throws {
        let log = #"""
            v.swift:4:53: error: sending 'doc' risks causing data races [#SendingRisksDataRace]
            2 | final class Doc {}
            3 | func index(_ d: Doc) async {}
            4 | @MainActor func reindex(doc: Doc) async { await index(doc) }
              |                                                     |- error: sending 'doc' risks causing data races [#SendingRisksDataRace]
              |                                                     `- note: sending main actor-isolated 'doc' to nonisolated global function 'index' risks causing data races between nonisolated and main actor-isolated uses
            """#
        let send = try Self.routed(log, to: "sending-value")
        #expect(ValueKind.of(send.entry)?.kind == .parameter)
        #expect(send.causes?.first?.id == "task-isolated")
    }
}

/// W4: `path(in:)` of a Shape reads a main-actor model; the compiler's note offers `@MainActor`,
/// which the Sendable protocol's nonisolated requirement refuses.
extension RouterRound7Tests {
    @Test func w4AShapeGetsItsValuesPassedIn() throws {
        let read = try Self.routed(try Self.input("22.log"), to: "isolated-ref-nonisolated")
        try Self.expectProven(read, cause: "shape-path", programs: ["z04-shape-reads-main-actor-model"],
                              wrong: ["MAIN_ACTOR_METHOD", "MAIN_ACTOR_TYPE", "ISOLATED"])
    }
}

/// W5: a wrapped property's storage, '_theme', in a class declared Sendable.
extension RouterRound7Tests {
    static let w5 = "stored property '_theme' of 'Sendable'-conforming class 'SettingsStore' is mutable"

    @Test func w5AWrappedPropertyIsOfferedTheMainActorNotALet() throws {
        let mutable = try Self.routed(Self.w5, to: "sendable-class-mutable")
        try Self.expectProven(mutable, cause: "property-wrapper", programs: ["z05-wrapped-property-in-sendable-class"], wrong: ["LET"])
        #expect(Kit.table.row(named: "sendable-class-mutable")?.programs == ["z05-wrapped-property-in-sendable-class"])
    }
}

/// W6: a managed object captured by `performBackgroundTask`'s `@Sendable` block.
extension RouterRound7Tests {
    @Test func w6AManagedObjectCrossesAsItsObjectID() throws {
        let capture = try Self.routed(try Self.input("12.log"), to: "sendable-closure-capture")
        try Self.expectProven(capture, cause: "core-data-object", programs: ["z06-managed-object-in-background-task"])
    }
}

/// U1: TSan's 'Swift access race' is a race like its 'data race'.
extension RouterRound7Tests {
    @Test func u1ASwiftAccessRaceIsARace() throws {
        let log = Self.router.route(try Self.input("06-tsan.out"))
        #expect(log.unknownCount == 0 && log.exitStatus == 0)
        #expect(log.diagnostics.first?.row?.id == "tsan-data-race")
        #expect(Kit.table.row(named: "tsan-data-race")?.programs == ["z07-swift-access-race"])
        #expect(Kit.table.row(named: "tsan-data-race")?.reproductions.contains { $0.program == "Kit/Explain/programs/z07-swift-access-race.swift" } == true)
        #expect(try Self.program("z07-swift-access-race").runsBefore)
    }
}

/// U2: a name holding "task" is not a concurrency term; a quoted keyword is.
extension RouterRound7Tests {
    @Test func u2AnUnusedValueNamedTaskIsNotAConcurrencyWarning() throws {
        for name in ["28.log", "28b.log"] {
            let log = Self.router.route(try Self.input(name))
            #expect(log.unknownCount == 1)
            #expect(log.exitStatus == 0, "\(name)")
        }
        #expect(!RoutedLog.namesConcurrency("initialization of immutable value 'uploadTask' was never used"))
        #expect(RoutedLog.namesConcurrency("'nonisolated' can not be applied to local variables"))
        #expect(RoutedLog.namesConcurrency("capture of 'task' with non-sendable type"))
    }
}

/// The unknown lines the round asked rows for, as quoted in its report: each routes to its row,
/// and the row names the program that proves its fix.
extension RouterRound7Tests {
    static func expectNewRow(_ line: String, row: String, proof: String) throws {
        let routed = try #require(Self.router.route(line).diagnostics.first)
        #expect(routed.row?.id == row)
        #expect(routed.row?.programs == [proof])
        #expect(try Self.program(proof).row == row)
        #expect(try Self.program(proof).runsBefore == routed.row?.isRuntime)
    }

    @Test func aStreamAwaitedByTwoTasksHasItsRow() throws {
        try Self.expectNewRow("_Concurrency/AsyncStreamBuffer.swift:253: Fatal error: attempt to await next() on more than one task",
                              row: "stream-next-on-two-tasks", proof: "z08-stream-iterated-by-two-tasks")
    }
}

extension RouterRound7Tests {
    @Test func twoIsolationAttributesAndANonisolatedNonSendableLetHaveRows() throws {
        try Self.expectNewRow("instance method 'refresh()' has multiple actor-isolation attributes (@MainActor and @concurrent)",
                              row: "multiple-isolation-attributes", proof: "z09-main-actor-and-concurrent")
        try Self.expectNewRow("'nonisolated' can not be applied to variable with non-'Sendable' type 'NumberFormatter'",
                              row: "nonisolated-nonsendable-storage", proof: "z10-nonisolated-let-nonsendable")
    }
}

extension RouterRound7Tests {
    @Test func anIsolatedClassParameterAndAnAwaitInAnAutoclosureHaveRows() throws {
        try Self.expectNewRow("'isolated' parameter type 'SessionStore' does not conform to 'Actor' or 'DistributedActor'",
                              row: "isolated-parameter-not-actor", proof: "z11-isolated-parameter-of-a-class")
        try Self.expectNewRow("'await' in an autoclosure that does not support concurrency",
                              row: "await-in-autoclosure", proof: "z12-await-in-assert-autoclosure")
        let log = Self.router.route(try Self.input("27.log"))
        #expect(log.diagnostics.map { $0.row?.id } == ["isolated-ref-nonisolated", "await-in-autoclosure"])
        #expect(log.exitStatus == 0)
    }
}

/// A RIGHT finding's remark: under default isolation the protocol must be nonisolated too.
extension RouterRound7Tests {
    @Test func aDefaultIsolationProtocolRequirementIsProvenByItsOwnProgram() throws {
        let proof = try Self.program("z13-default-isolation-protocol-requirement")
        #expect(proof.row == "isolated-outside-actor" && proof.cause == "default-main-actor" && proof.wrong == ["TYPE_ONLY"])
        let cause = try #require(Kit.table.row(named: "isolated-outside-actor")?.causes?.first { $0.id == "default-main-actor" })
        #expect(cause.programs?.contains("z13-default-isolation-protocol-requirement") == true)
    }
}
