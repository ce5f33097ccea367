import ExplainKit
import Foundation
import Testing

/// A fresh tester's fourth round (Swift 6.3.1, Linux): the inputs whose first fix or kind was
/// wrong, exactly as given (/work/h-router4/r4/cases). Each fix named first is built before and
/// after by a program (Kit/Explain/programs n22, n23, n24, n26, n27, p05, e01, e02).
struct RouterRound4Tests {
    static let router = Router(table: Kit.table)

    static func first(_ log: String, settings: BuildSettings = .unknown) throws -> (row: Row, cause: Cause?, told: [Sign]?) {
        let routed = try #require(router.route(log, settings: settings).diagnostics.first)
        return (try #require(routed.row), routed.causes?.first, routed.causes?.toldBy)
    }

    static func screen(_ log: String) -> String {
        Report(table: Kit.table, docs: GroupDocs(directory: nil)).render(router.route(log))
    }

    /// C23: `override func setUp()` of an XCTestCase calls a main-actor initializer. `@MainActor`
    /// on the override is refused; the async override is the fix, told by the excerpt or, for
    /// the two lines alone, by the file's place under Tests/.
    @Test func c23ASetUpOverrideIsOfferedTheAsyncOverrideNotMainActor() throws {
        let short = """
            Tests/AppTests/ScreenTests.swift:7:14: error: call to main actor-isolated initializer 'init()' in a synchronous nonisolated context [#ActorIsolatedCall]
            Sources/App/Screen.swift:2:49: note: calls to initializer 'init()' from outside of its actor context are implicitly asynchronous
            """
        let full = """
            p16.swift:7:14: error: call to main actor-isolated initializer 'init()' in a synchronous nonisolated context [#ActorIsolatedCall]
             1 | import XCTest
             2 | @MainActor final class Screen { var title = ""; init() {} }
               |                                                 `- note: calls to initializer 'init()' from outside of its actor context are implicitly asynchronous
             3 | final class ScreenTests: XCTestCase {
             4 |   var screen: Screen!
             5 |   override func setUp() {
             6 |     super.setUp()
             7 |     screen = Screen()
               |              `- error: call to main actor-isolated initializer 'init()' in a synchronous nonisolated context [#ActorIsolatedCall]
             8 |   }
             9 |   func testTitle() {

            p16.swift:10:27: error: main actor-isolated property 'title' can not be referenced from a nonisolated autoclosure
             1 | import XCTest
             2 | @MainActor final class Screen { var title = ""; init() {} }
               |                                     `- note: property declared here
             3 | final class ScreenTests: XCTestCase {
             4 |   var screen: Screen!
               :
             8 |   }
             9 |   func testTitle() {
            10 |     XCTAssertEqual(screen.title, "")
               |                           `- error: main actor-isolated property 'title' can not be referenced from a nonisolated autoclosure
            11 |   }
            12 | }

            [#ActorIsolatedCall]: <https://docs.swift.org/compiler/documentation/diagnostics/actor-isolated-call>
            """
        for log in [short, full] {
            let (row, cause, told) = try Self.first(log)
            #expect(row.id == "call-isolated-sync")
            #expect(told != nil && cause?.id == "nonisolated-override", "\(log.prefix(60))")
            #expect(cause?.fixes.first?.contains("override func setUp() async throws") == true)
            #expect(cause?.fixes.first?.contains("@MainActor") == false)
            #expect(cause?.wrongFixes?.contains { $0.hasPrefix("`@MainActor override func setUp()`") } == true)
        }
        // The autoclosure below it in the same log is not an override: the excerpt elides setUp.
        let second = try #require(Self.router.route(full).diagnostics.dropFirst().first)
        #expect(second.row?.id == "isolated-ref-nonisolated" && second.causes?.first?.id != "nonisolated-override")
        // The same excerpt above a write (isolated-ref-nonisolated) tells the override too.
        let write = """
            wf.swift:5:42: error: main actor-isolated property 'screen' can not be mutated from a nonisolated context
            3 | @MainActor final class ScreenTests: XCTestCase {
            4 |   var screen: Screen!
            5 |   override func setUp() {
            6 |     super.setUp()
            7 |     screen = Screen()
              |     `- error: main actor-isolated property 'screen' can not be mutated from a nonisolated context
            """
        #expect(try Self.first(write).cause?.id == "nonisolated-override")
    }

    /// C04: the closure shares state of an actor instance ('session'-isolated): `Task { @MainActor
    /// in … }` fails there; the message's isolation picks the example.
    @Test func c04AnActorInstancesClosureIsNotOfferedAMainActorTask() throws {
        let log = """
            Sync/Uploader.swift:42:14: error: passing closure as a 'sending' parameter risks causing data races between 'session'-isolated code and concurrent execution of the closure [#SendingClosureRisksDataRace]
            Sync/Uploader.swift:42:33: note: closure captures 'client' which is accessible to 'session'-isolated code
            """
        let (row, cause, told) = try Self.first(log)
        #expect(row.id == "sending-closure")
        #expect(told != nil && cause?.id == "actor-instance")
        #expect(cause?.fixes.contains { $0.contains("@MainActor") } == false)
        #expect(!row.fixes.contains { $0.contains("@MainActor") })
        #expect(cause?.wrongFixes?.first?.hasPrefix("`Task { @MainActor in … }`") == true)
        let main = log.replacingOccurrences(of: "'session'-isolated", with: "main actor-isolated")
        #expect(try Self.first(main).cause?.id == "global-actor")
        let task = log.replacingOccurrences(of: "'session'-isolated code", with: "code in the current task")
        #expect(try Self.first(task).cause?.id == "task-isolated")
    }

    /// C18: an actor's property written from nonisolated code: not `@MainActor`, which is not that
    /// actor; a method on the actor or an `isolated` parameter.
    @Test func c18AnActorsPropertyWrittenOutsideIsNotOfferedMainActor() throws {
        let log = """
            Sources/Bank/Statement.swift:12:25: error: actor-isolated property 'balance' can not be mutated from a nonisolated context
            Sources/Bank/Account.swift:9:7: note: mutation of this property is only permitted within the actor
            """
        let (row, cause, told) = try Self.first(log)
        #expect(row.id == "isolated-ref-nonisolated")
        #expect(told != nil && cause?.id == "actor-instance-mutation")
        #expect(cause?.fixes.allSatisfy { !$0.contains("MainActor") } == true)
        #expect(cause?.fixes.contains { $0.contains("isolated Bank") } == true)
        let flat = Self.screen(log).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(flat.contains("told by the message: starting 'actor-isolated … cannot be mutated from …'"), "\(flat)")
        // A main actor's property keeps the main-actor fix.
        let main = log.replacingOccurrences(of: "actor-isolated property", with: "main actor-isolated property")
        #expect(try Self.first(main).cause?.id == "mutation")
    }

    /// C28: a custom actor's `assumeIsolated` off the actor: not titled `_dispatch_assert_queue_fail`,
    /// not fixed by a main-actor hop, and no "Swift 6 stops the program" (C27 too).
    @Test func c28AnActorsExecutorAssumptionIsNotTheMainActors() throws {
        let log = """
            Incorrect actor executor assumption; expected 'Brew.ImageStore' executor.

            *** Signal 6: Backtracing from 0x7f5a23032eec... done ***

            *** Program crashed: Aborted at 0x000000000000783f ***

            Thread 0 "Brew" crashed:

              0  0x00007f5a23032eec __pthread_kill_implementation + 268 in libc.so.6
            """
        let (row, cause, told) = try Self.first(log)
        #expect(row.id == "executor-assumption")
        #expect(told != nil && cause?.id == "actor-instance")
        #expect(cause?.fixes.contains { $0.contains("@MainActor") } == false)
        let screen = Self.screen(log)
        #expect(screen.contains("1 × Incorrect actor executor assumption"))
        #expect(!screen.contains("_dispatch_assert_queue_fail (executor-assumption)"))
        #expect(!screen.contains("Swift 6 stops the program"))
        let dispatch = "  0      0x00007f3eca74c2a2 _dispatch_assert_queue_fail + 82 in libdispatch.so"
        #expect(try Self.first(dispatch).cause?.id == "main-actor")
        #expect(Self.screen(dispatch).contains("1 × _dispatch_assert_queue_fail (executor-assumption)"))
        #expect(row.meaning.joined(separator: " ").contains("every language mode"))
    }

    /// E1: a non-Sendable property read through `await` from outside its actor (both wordings
    /// Swift 6.3.1 prints) has a row.
    @Test func e1ANonSendablePropertyLeavingItsActorIsRouted() throws {
        for log in ["Sources/App/Sync.swift:11:23: error: non-Sendable type 'LegacyClient' of property 'client' cannot exit main actor-isolated context",
                    "Sources/App/Sync.swift:11:23: error: non-Sendable type 'LegacyClient' of property 'client' cannot exit actor-isolated context"] {
            #expect(try Self.first(log).row.id == "nonsendable-property-exit")
            #expect(Self.router.route(log).exitStatus == 0)
        }
    }

    /// C12: under `-default-isolation MainActor` a Codable value type decoded off main:
    /// `nonisolated struct Row: Codable` first, when the settings (or the pasted command) say so.
    @Test func c12ADefaultMainActorCodableIsOfferedNonisolatedFirst() throws {
        let log = "Sources/MyApp/API/Decoding.swift:6:70: error: main actor-isolated conformance of 'Row' to 'Decodable' cannot be used in nonisolated context [#IsolatedConformances]"
        let known = try Self.first(log, settings: BuildSettings(facts: [.defaultMainActor]))
        #expect(known.row.id == "isolated-conformance-use")
        #expect(known.told != nil && known.cause?.id == "default-main-actor")
        #expect(known.cause?.fixes.first?.contains("`nonisolated struct Row: Codable`") == true)
        let pasted = try Self.first("swiftc -swift-version 6 -default-isolation MainActor Decoding.swift\n" + log)
        #expect(pasted.cause?.id == "default-main-actor")
        let alone = try Self.first(log)
        #expect(alone.told == nil && alone.cause?.id == "isolated-conformance")
    }

    /// C17: the swift5-dependency cause is told by the log's own line, not by build settings
    /// no one gave.
    @Test func c17ASettingReadFromTheLogSaysSo() throws {
        let log = """
            Sources/App/Uploader.swift:4:41: error: capture of 'client' with non-Sendable type 'LegacyClient' in a '@Sendable' closure [#SendableClosureCaptures]
            .build/checkouts/LegacyKit/Sources/LegacyKit/LegacyClient.swift:1:14: note: class 'LegacyClient' does not conform to the 'Sendable' protocol
            Sources/App/Uploader.swift:1:1: warning: add '@preconcurrency' to treat 'Sendable'-related errors from module 'LegacyKit' as warnings
            """
        let (_, cause, _) = try Self.first(log)
        #expect(cause?.id == "swift5-dependency")
        let screen = Self.screen(log)
        #expect(!screen.contains("told by the build settings"))
        #expect(screen.contains("no build settings were given"))
        // Settings a caller gives are still named as such.
        let given = try Self.first(log, settings: BuildSettings(facts: [.swift5Dependency]))
        #expect(given.told?.contains(.setting(.swift5Dependency)) == true)
    }
}
