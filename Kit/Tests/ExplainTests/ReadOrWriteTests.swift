import ExplainKit
import Foundation
import Testing

/// Fixes written for one situation must not be offered for another: a write is not fixed by
/// a copy or an `await`, and a closure that captures a var is told by its note, not by the
/// shape of the type sent. The lines here are written for these tests (the tester's own
/// inputs are not used to tune them).
struct ReadOrWriteTests {
    static let router = Router(table: Kit.table)

    static func first(_ text: String) -> (row: String?, cause: String?, fixes: [String]) {
        let routed = router.route(text).diagnostics.first
        let cause = routed?.causes?.toldBy == nil ? nil : routed?.causes?.first
        return (routed?.row?.id, cause?.id, (cause?.fixes ?? []) + (routed?.row?.fixes ?? []))
    }

    /// Every wording that says 'mutated', from any place, is told as a write: the fixes it
    /// gets never capture a copy and never `await` the access.
    @Test func aWriteIsNeverOfferedAFixWrittenForReads() {
        let places = ["from a Sendable closure", "from a nonisolated context", "from the main actor",
                      "on a nonisolated actor instance", "from global actor 'DataActor'"]
        for kind in ["main actor-isolated property 'badge'", "actor-isolated property 'level'"] {
            for place in places {
                let line = "/p/Sources/App/Gauge.swift:9:5: error: \(kind) can not be mutated \(place)"
                let routed = Self.first(line)
                #expect(routed.cause != nil, "\(line): no cause told")
                for fix in routed.fixes {
                    #expect(!fix.contains("capture a copy") && !fix.contains("capture list"), "\(line): offered '\(fix)'")
                    #expect(!fix.hasPrefix("read it with") && !fix.hasPrefix("`await` the access"), "\(line): offered '\(fix)'")
                }
            }
        }
    }

    @Test func aReadStillGetsTheReadFixes() {
        let routed = Self.first("/p/Sources/App/Gauge.swift:9:5: error: main actor-isolated property 'badge' can not be referenced from a Sendable closure")
        #expect(routed.cause == "sendable-closure")
    }

    @Test func anActorPropertyWrittenWithAwaitIsToldByTheCompilersNote() {
        let log = """
            /p/Sources/App/Gauge.swift:4:40: error: actor-isolated property 'level' can not be mutated from a nonisolated context
            /p/Sources/App/Gauge.swift:4:40: note: consider declaring an isolated method on 'Meter' to perform the mutation
            """
        #expect(Self.first(log).cause == "actor-instance-mutation")
    }

    @Test func aWriteInASynchronousOverrideIsToldByTheExcerptsLine() {
        let log = """
            /p/Tests/AppTests/ListTests.swift:5:29: error: main actor-isolated property 'list' can not be mutated from a nonisolated context
            4 |   var list: ListModel!
            5 |   override func setUp() { list = ListModel() }
              |                           `- error: main actor-isolated property 'list' can not be mutated from a nonisolated context
            """
        let routed = Self.first(log)
        #expect(routed.cause == "nonisolated-override")
        #expect(routed.fixes.contains { $0.contains("override func setUp() async throws") })
    }

    /// The note 'access can happen concurrently' outweighs the message's function type.
    @Test func aNoteOutweighsTheShapeOfTheTypeSent() {
        let log = """
            /p/Sources/App/Sum.swift:3:16: error: sending value of non-Sendable type '() async -> ()' risks causing data races [#SendingRisksDataRace]
            /p/Sources/App/Sum.swift:3:16: note: Passing value of non-Sendable type '() async -> ()' as a 'sending' argument to initializer 'init(name:priority:operation:)' risks causing races in between local and caller code
            /p/Sources/App/Sum.swift:5:12: note: access can happen concurrently
            """
        let routed = Self.first(log)
        #expect(routed.row == "sending-value")
        #expect(routed.cause == "closure-captures-var")
        // The shape alone (no note) still names the closure cause.
        #expect(Self.first("error: sending value of non-Sendable type '() async -> ()' risks causing data races").cause == "closure-to-nonisolated")
    }

    /// Swift 5.10 worded an argument sent across actors this way: it is sending-value's kind.
    @Test func swift510ArgumentWordingsReachTheSendingRow() {
        #expect(Self.first("warning: passing argument of non-sendable type 'Order' into main actor-isolated context may introduce data races").row == "sending-value")
        #expect(Self.first("warning: non-sendable type 'Order' passed in implicitly asynchronous call to main actor-isolated function 'show' cannot cross actor boundary").row == "sending-value")
        #expect(Self.first("warning: non-sendable type 'Order' returned by implicitly asynchronous call to actor-isolated function 'load()' cannot cross actor boundary").row == "nonsendable-result")
    }

    /// 6.3.1 still prints 'reference to … involves shared mutable state', at the use of a Swift 5
    /// module's global; its note 'var declared here' in another file tells that cause.
    @Test func aSwift5ModulesGlobalIsToldByTheNoteInThatModule() {
        let log = """
            /p/Sources/App/Stats.swift:4:23: error: reference to var 'hits' is not concurrency-safe because it involves shared mutable state
            /p/.build/checkouts/Counters/Sources/Counters/Counters.swift:2:12: note: var declared here
            """
        let routed = Self.first(log)
        #expect(routed.row == "global-mutable-state")
        #expect(routed.cause == "unmigrated-module")
        #expect(Self.first("error: static property 'hits' is not concurrency-safe because it is nonisolated global shared mutable state").cause == "own-global")
    }

    @Test func attributesOfAsyncFunctionsOnSyncOnesAreRouted() {
        #expect(Self.first("error: cannot use @concurrent on non-async instance method 'draw()'").row == "attribute-on-sync-function")
        #expect(Self.first("error: cannot use 'nonisolated(nonsending)' on non-async global function 'tidy()'").row == "attribute-on-sync-function")
    }
}

/// How a log is read and summed up: a crash once, a path whole, an unrelated warning harmless.
struct LogSummaryTests {
    static let router = Router(table: Kit.table)

    @Test func aCrashCountsOnceHoweverManyFramesNameTheTrap() {
        let log = """
            *** Program crashed: Illegal instruction at 0x00007f00000012a2 ***
            Thread 2 "worker" crashed:
              0              0x00007f00000012a2 _dispatch_assert_queue_fail + 82 in libdispatch.so
              1 [ra]         0x00007f00000019f7 dispatch_assert_queue.cold.1 + 102 in libdispatch.so
              2 [ra]         0x00007f0000006c47 dispatch_assert_queue + 118 in libdispatch.so
              3 [ra]         0x00007f00000042e3 _swift_task_checkIsolatedSwift + 18 in libswift_Concurrency.so
              4 [ra]         0x00007f0000007eaa swift_task_isCurrentExecutorWithFlags + 409 in libswift_Concurrency.so
            """
        #expect(Self.router.route(log).routedCount == 1)
        // Two crashes in one file are two (the same crash pasted twice is one).
        let second = log.replacingOccurrences(of: "0x00007f00000", with: "0x00007f11111")
        #expect(Self.router.route(log + "\n" + second).routedCount == 2)
    }

    @Test func anActorsExecutorAssumptionIsRoutedWithItsFrames() {
        let log = """
            Incorrect actor executor assumption; expected 'Shop.Ledger' executor.
            *** Program crashed: Aborted at 0x00000000000060a2 ***
            """
        #expect(Self.router.route(log).diagnostics.first?.row?.id == "executor-assumption")
    }

    @Test func aPathOutsideSourcesIsShownWhole() {
        let routed = Self.router.route("/tmp/scratch/probe.swift:3:5: error: sending 'x' risks causing data races")
        #expect(routed.diagnostics.first?.entry.location == "/tmp/scratch/probe.swift:3:5")
    }

    @Test func anUnknownWarningWithoutAConcurrencyTermDoesNotFailTheLog() {
        #expect(Self.router.route("/a/B.swift:2:9: warning: variable 'x' was never mutated; consider changing to 'let' constant").exitStatus == 0)
        #expect(Self.router.route("/a/B.swift:2:9: warning: actor 'x' does something new").exitStatus == 1)
        #expect(Self.router.route("/a/B.swift:2:9: error: cannot find 'x' in scope").exitStatus == 1)
    }

    /// Swift 6.3.1 tags an unused value `[#no-usage]`: a group, but no concurrency one.
    @Test func aNonConcurrencyGroupTagDoesNotFailTheLog() {
        #expect(Self.router.route("/a/B.swift:2:9: warning: initialization of immutable value 'x' was never used; consider replacing with assignment to '_' or removing it [#no-usage]").exitStatus == 0)
    }
}
