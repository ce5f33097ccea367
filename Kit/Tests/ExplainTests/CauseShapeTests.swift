import ExplainKit
import Foundation
import Testing

/// What the router says must fit the shape the compiler's lines show: the API named, a `let`
/// holding an object, a metatype, a call to `super`, actor state passed `inout`. The logs are
/// Swift 6.3.1's own output (Linux), captured from small files written for these tests.
struct CauseShapeTests {
    static let router = Router(table: Kit.table)

    /// The screen a log gets, as `explain` prints it.
    static func screen(_ log: String) -> String {
        Report(table: Kit.table, docs: GroupDocs(directory: nil)).render(router.route(log))
    }

    static func told(_ log: String) -> [(row: String?, cause: String?)] {
        router.route(log).diagnostics.map { ($0.row?.id, $0.causes?.toldBy == nil ? nil : $0.causes?.first?.id) }
    }

    @Test func assumeIsolatedInAsyncCodeIsNotExplainedAsALock() throws {
        let log = """
            c1.swift:4:15: error: static method 'assumeIsolated' is unavailable from asynchronous contexts; await the call to the @MainActor closure directly
             2 |\u{20}
             3 | func work(_ m: Model) async {
             4 |     MainActor.assumeIsolated {
               |               `- error: static method 'assumeIsolated' is unavailable from asynchronous contexts; await the call to the @MainActor closure directly
             5 |         m.count += 1
             6 |     }

            _Concurrency.MainActor.assumeIsolated:3:22: note: 'assumeIsolated(_:file:line:)' declared here
            c1.swift:14:7: error: instance method 'assumeIsolated' is unavailable from asynchronous contexts; express the closure as an explicit function declared on the specified 'actor' instead
            12 |\u{20}
            13 | func other(_ s: Store) async {
            14 |     s.assumeIsolated { s in
               |       `- error: instance method 'assumeIsolated' is unavailable from asynchronous contexts; express the closure as an explicit function declared on the specified 'actor' instead
            15 |         s.n += 1
            16 |     }

            _Concurrency.Actor.assumeIsolated:3:27: note: 'assumeIsolated(_:file:line:)' declared here
            """
        #expect(Self.told(log).map(\.row) == ["unavailable-from-async", "unavailable-from-async"])
        #expect(Self.told(log).map(\.cause) == ["assume-isolated", "assume-isolated"])
        for routed in Self.router.route(log).diagnostics {
            let row = try #require(routed.row), cause = try #require(routed.causes?.first)
            let said = row.meaning + row.fixes + row.wrongFixes + [cause.name] + cause.fixes + (cause.wrongFixes ?? [])
            let words = Set(said.joined(separator: " ").lowercased().split { !$0.isLetter }.map(String.init))
            #expect(words.isDisjoint(with: ["lock", "locks", "unlock", "nslock", "locking", "mutex"]), "\(said)")
        }
        #expect(Self.screen(log).contains("`isolated` parameter"))
        // A lock's own line still gets the lock's cause.
        let lock = "FieldLessonLock.swift:10:14: error: instance method 'lock' is unavailable from asynchronous contexts; Use async-safe scoped locking instead"
        #expect(Self.told(lock).first?.cause == "thread-bound")
    }

    /// A `let` holding an object is captured as much as a `var` is: a copy of it is the same
    /// object, so the fixes must not offer one as if the value were copied.
    @Test func aLetHoldingAnObjectCapturedByATaskIsNotOfferedACopy() throws {
        let log = """
            c2a.swift:5:5: error: sending value of non-Sendable type '() async -> ()' risks causing data races [#SendingRisksDataRace]
             3 | func start() {
             4 |     let counter = Counter()
             5 |     Task {
               |     |- error: sending value of non-Sendable type '() async -> ()' risks causing data races [#SendingRisksDataRace]
               |     `- note: Passing value of non-Sendable type '() async -> ()' as a 'sending' argument to initializer 'init(name:priority:operation:)' risks causing races in between local and caller code
             6 |         counter.n += 1
             7 |     }
             8 |     print(counter.n)
               |                   `- note: access can happen concurrently
             9 | }
            """
        let routed = try #require(Self.router.route(log).diagnostics.first)
        let cause = try #require(routed.causes?.first)
        #expect(routed.row?.id == "sending-value" && routed.causes?.toldBy != nil)
        // The cause names both shapes the log cannot tell apart, and says which fix fits which.
        #expect(cause.name.contains("`let` holding a class instance"))
        for fix in cause.fixes where fix.contains("`let` copy") {
            #expect(fix.contains("a copied reference is the same object"), "\(fix)")
        }
        #expect(cause.fixes.contains { $0.hasPrefix("an object: leave it to the task") })
        #expect((cause.wrongFixes ?? []).contains { $0.hasPrefix("`let copy = object`") })
    }

    /// A metatype is not made Sendable by making a type Sendable: whatever row its line reaches,
    /// the metatype cause comes first and the row's fixes for nominal types are not printed.
    @Test func anExistentialMetatypeGetsAMetatypeFixInEveryRow() throws {
        let log = """
            c3.swift:11:43: warning: capture of 't' with non-Sendable type 'any P.Type' in a '@Sendable' closure [#SendableClosureCaptures]
             9 | func run2() {
            10 |     let t: any P.Type = S.self
            11 |     let f: @Sendable () -> Void = { print(t.make()) }
               |                                           `- warning: capture of 't' with non-Sendable type 'any P.Type' in a '@Sendable' closure [#SendableClosureCaptures]
            12 |     f()
            13 | }
            c3d.swift:3:28: warning: stored property 'kind' of 'Sendable'-conforming struct 'Box' has non-Sendable type 'any P.Type'
            c3d.swift:4:5: warning: let 'globalKind' is not concurrency-safe because non-'Sendable' type 'any P.Type' may have shared mutable state [#MutableGlobalVariable]
            c3d.swift:11:40: warning: non-Sendable 'any P.Type'-typed result can not be returned from actor-isolated instance method 'kind()' to nonisolated context
            """
        #expect(Self.told(log).map(\.row) == ["sendable-closure-capture", "sendable-stored-nonsendable", "global-nonsendable-type", "nonsendable-result"])
        #expect(Self.told(log).allSatisfy { $0.cause == "metatype" })
        let screen = Self.screen(log)
        #expect(screen.contains("SendableMetatype"))
        for row in ["sendable-closure-capture", "sendable-stored-nonsendable", "global-nonsendable-type", "nonsendable-result"] {
            for fix in Kit.table.row(named: row)?.fixes ?? [] { #expect(!screen.contains("+ \(fix.prefix(40))"), "\(row): \(fix)") }
        }
        // A nominal type's line keeps its own causes.
        let own = "c2.swift:20:37: error: capture of 'counter' with non-Sendable type 'Counter' in a '@Sendable' closure [#SendableClosureCaptures]"
        #expect(Self.told(own).first?.cause == nil)
    }

    /// `try await super.setUp()` in an XCTestCase sends `self` to XCTest's nonisolated method:
    /// the `super.` line and its note tell that cause, ahead of the note's 'task-isolated'
    /// (a parameter's cause) when NonisolatedNonsendingByDefault is on.
    @Test func awaitingXCTestsSuperSetUpIsToldByItsLineNotTakenForAParameter() throws {
        let mainActorClass = """
            c4.swift:6:25: error: sending value of non-Sendable type 'XCTestCase' risks causing data races [#SendingRisksDataRace]
             4 | final class FeedTests: XCTestCase {
             5 |     override func setUp() async throws {
             6 |         try await super.setUp()
               |                         |- error: sending value of non-Sendable type 'XCTestCase' risks causing data races [#SendingRisksDataRace]
               |                         `- note: sending main actor-isolated value of non-Sendable type 'XCTestCase' to nonisolated instance method 'setUp()' risks causing races in between main actor-isolated and nonisolated uses
             7 |     }
             8 | }
            """
        let nonisolatedUnderNonsending = """
            c4.swift:12:25: error: sending value of non-Sendable type 'XCTestCase' risks causing data races [#SendingRisksDataRace]
            10 | final class PlainTests: XCTestCase {
            11 |     override func setUp() async throws {
            12 |         try await super.setUp()
               |                         |- error: sending value of non-Sendable type 'XCTestCase' risks causing data races [#SendingRisksDataRace]
               |                         `- note: sending task-isolated value of non-Sendable type 'XCTestCase' to @concurrent instance method 'setUp()' risks causing races in between task-isolated and @concurrent uses
            13 |     }
            """
        for log in [mainActorClass, nonisolatedUnderNonsending] {
            let told = try #require(Self.told(log).first)
            #expect(told.row == "sending-value" && told.cause == "super-call", "\(log)")
        }
        let fixes = Kit.table.row(named: "sending-value")?.causes?.first { $0.id == "super-call" }?.fixes ?? []
        #expect(fixes.contains { $0.contains("drop the `super` call") })
        #expect(fixes.contains { $0.contains("@concurrent override func setUp() async throws") })
        // The same note without a call to `super` stays a parameter's.
        let parameter = nonisolatedUnderNonsending.replacingOccurrences(of: "try await super.setUp()", with: "try await model.setUp()")
        #expect(Self.told(parameter).first?.cause == "task-isolated")
    }

    /// Table order no longer decides between a cause told by a note and one told by the same
    /// note and the source line (`all`): the second says more and comes first wherever it stands.
    @Test func aCauseToldByMoreSignalsOutranksOneToldByTheSameNoteAlone() throws {
        let json = """
            {"id": "r", "templates": ["t %"], "meaning": [], "kit": [], "reproductions": [], "fixes": [], "wrongFixes": [], "proposals": [],
             "causes": [{"id": "note-only", "name": "n", "tell": "t", "notes": ["task-isolated %"], "fixes": []},
                        {"id": "note-and-line", "name": "n", "tell": "t", "all": true, "notes": ["task-isolated %"], "source": ["super.%"], "fixes": []}]}
            """
        let row = try JSONDecoder().decode(Row.self, from: Data(json.utf8))
        var entry = Entry(location: "a.swift:1:1", severity: "error", message: "t x", groups: [],
                          notes: ["sending task-isolated value of non-Sendable type 'C' to @concurrent instance method 'f()'"])
        entry.source = "try await super.f()"
        #expect(CauseChooser.choose(row, for: entry, settings: .unknown).first?.id == "note-and-line")
        entry.source = "try await other.f()"
        #expect(CauseChooser.choose(row, for: entry, settings: .unknown).first?.id == "note-only")
    }

    /// An actor's state passed `inout` to an async call has a row; from outside the actor the
    /// compiler adds 'can not be used 'inout'', which is a write and gets a write's cause.
    @Test func actorStatePassedInoutToAnAsyncCallIsRouted() throws {
        let log = """
            c5.swift:6:21: error: actor-isolated property 'state' cannot be passed 'inout' to 'async' function call
             3 | actor Counter {
             4 |     var state = 0
               |         `- note: property declared here
             5 |     func go() async {
             6 |         await bump(&state)
               |                     `- error: actor-isolated property 'state' cannot be passed 'inout' to 'async' function call
             7 |     }
             8 | }

            c5.swift:11:19: error: actor-isolated property 'state' cannot be passed 'inout' to 'async' function call
            10 | func outside(_ c: Counter) async {
            11 |     await bump(&c.state)
               |                   `- error: actor-isolated property 'state' cannot be passed 'inout' to 'async' function call
            12 | }

            c5.swift:11:19: error: actor-isolated property 'state' can not be used 'inout' from a nonisolated context
             3 | actor Counter {
             4 |     var state = 0
               |         `- note: mutation of this property is only permitted within the actor
             5 |     func go() async {
             6 |         await bump(&state)
               :
            10 | func outside(_ c: Counter) async {
            11 |     await bump(&c.state)
               |                   `- error: actor-isolated property 'state' can not be used 'inout' from a nonisolated context
            12 | }

            c5.swift:16:17: error: actor-isolated var 'total' cannot be passed 'inout' to 'async' function call
            c5b.swift:6:29: error: actor-isolated property 'state' cannot be passed 'inout' to implicitly 'async' function call
            ui.swift:5:44: error: actor-isolated property 'state' can not be used 'inout' on a nonisolated actor instance
            """
        let told = Self.told(log)
        #expect(told.map(\.row) == ["actor-inout-async", "actor-inout-async", "isolated-ref-nonisolated", "actor-inout-async",
                                    "actor-inout-async", "isolated-outside-actor"])
        #expect(told[2].cause == "actor-instance-mutation" && told[5].cause == "mutation-off-actor")
        #expect(Self.router.route(log).exitStatus == 0)
        let fixes = Kit.table.row(named: "actor-inout-async")?.fixes ?? []
        #expect(fixes.contains { $0.contains("synchronously on the actor") })
    }
}
