import ExplainKit
import Foundation
import Testing

/// A fresh tester's fifth round (Swift 6.3.1, Linux): the inputs whose first fix or meaning was
/// wrong, exactly as pasted (/work/h-router5/round5-probes/logs). Each fix named first is built
/// before and after by a program (Kit/Explain/programs y01-y09, n07, i11); the `@MainActor` test
/// crash is Kit/Explain/evidence/corelibs-xctest-main-actor.md.
struct RouterRound5Tests {
    static let router = Router(table: Kit.table)

    static func routed(_ log: String, settings: BuildSettings = .unknown) -> [RoutedDiagnostic] {
        router.route(log, settings: settings).diagnostics
    }

    static let log01 = #"""
        t1.swift:10:12: error: call to main actor-isolated instance method 'load()' in a synchronous nonisolated context [#ActorIsolatedCall]
         1 | import XCTest
         2 | @MainActor final class ViewModel { var count = 0; func load() {} }
           |                                                        `- note: calls to instance method 'load()' from outside of its actor context are implicitly asynchronous
         3 | final class VMTests: XCTestCase {
         4 |     var vm: ViewModel!
           :
         7 |         vm = ViewModel()
         8 |     }
         9 |     func testLoad() {
           |          `- note: add '@MainActor' to make instance method 'testLoad()' part of global actor 'MainActor'
        10 |         vm.load()
           |            `- error: call to main actor-isolated instance method 'load()' in a synchronous nonisolated context [#ActorIsolatedCall]
        11 |         XCTAssertEqual(vm.count, 0)
        12 |     }

        t1.swift:11:27: error: main actor-isolated property 'count' can not be referenced from a nonisolated autoclosure
         1 | import XCTest
         2 | @MainActor final class ViewModel { var count = 0; func load() {} }
           |                                        `- note: property declared here
         3 | final class VMTests: XCTestCase {
         4 |     var vm: ViewModel!
           :
         9 |     func testLoad() {
        10 |         vm.load()
        11 |         XCTAssertEqual(vm.count, 0)
           |                           `- error: main actor-isolated property 'count' can not be referenced from a nonisolated autoclosure
        12 |     }
        13 | }

        [#ActorIsolatedCall]: <https://docs.swift.org/compiler/documentation/diagnostics/actor-isolated-call>
        """#
    static let log01b = #"""
        /home/dev/App/Tests/AppTests/VMTests.swift:10:12: error: call to main actor-isolated instance method 'load()' in a synchronous nonisolated context [#ActorIsolatedCall]
         1 | import XCTest
         2 | @MainActor final class ViewModel { var count = 0; func load() {} }
           |                                                        `- note: calls to instance method 'load()' from outside of its actor context are implicitly asynchronous
         3 | final class VMTests: XCTestCase {
         4 |     var vm: ViewModel!
           :
         7 |         vm = ViewModel()
         8 |     }
         9 |     func testLoad() {
           |          `- note: add '@MainActor' to make instance method 'testLoad()' part of global actor 'MainActor'
        10 |         vm.load()
           |            `- error: call to main actor-isolated instance method 'load()' in a synchronous nonisolated context [#ActorIsolatedCall]
        11 |         XCTAssertEqual(vm.count, 0)
        12 |     }

        /home/dev/App/Tests/AppTests/VMTests.swift:11:27: error: main actor-isolated property 'count' can not be referenced from a nonisolated autoclosure
         1 | import XCTest
         2 | @MainActor final class ViewModel { var count = 0; func load() {} }
           |                                        `- note: property declared here
         3 | final class VMTests: XCTestCase {
         4 |     var vm: ViewModel!
           :
         9 |     func testLoad() {
        10 |         vm.load()
        11 |         XCTAssertEqual(vm.count, 0)
           |                           `- error: main actor-isolated property 'count' can not be referenced from a nonisolated autoclosure
        12 |     }
        13 | }

        [#ActorIsolatedCall]: <https://docs.swift.org/compiler/documentation/diagnostics/actor-isolated-call>
        """#

    /// #1: a synchronous test method calls main-actor code, and XCTAssertEqual's autoclosure reads
    /// it. The first fix is the async test; `@MainActor` on the test crashes corelibs XCTest.
    @Test func r1ATestMethodIsOfferedAnAsyncTestNeverMainActor() throws {
        for log in [Self.log01, Self.log01b] {
            let lines = Self.routed(log)
            try #require(lines.count == 2)
            let call = lines[0], read = lines[1]
            #expect(call.row?.id == "call-isolated-sync" && call.causes?.first?.id == "test-method")
            #expect(call.causes?.toldBy != nil)
            #expect(read.row?.id == "isolated-ref-nonisolated" && read.causes?.first?.id == "test-method")
            for routed in [call, read] {
                let cause = try #require(routed.causes?.first)
                let first = try #require(cause.fixes.first)
                #expect(first.contains("async") && first.contains("await"))
                #expect(!first.contains("@MainActor"))
                let wrong = cause.wrongFixes ?? []
                #expect(wrong.contains { $0.contains("@MainActor func testLoad()") && $0.contains("Could not cast value of type")
                    && $0.contains("swift-corelibs-xctest") && $0.contains("not measured here") })
            }
            #expect(read.causes?.first?.fixes.first?.contains("let count = await vm.count") == true)
        }
    }

    /// #2's caveat: the async setUp override is offered in a class not marked `@MainActor`; the
    /// main-actor test class is a wrong fix, with the crash it causes.
    @Test func r2TheSetUpFixDropsMainActorFromTheTestClass() throws {
        let routed = try #require(Self.routed(Self.log02).first)
        #expect(routed.row?.id == "isolated-ref-nonisolated" && routed.causes?.first?.id == "nonisolated-override")
        let cause = try #require(routed.causes?.first)
        #expect(cause.fixes.first?.contains("not marked `@MainActor`") == true)
        #expect(cause.wrongFixes?.contains { $0.hasPrefix("`@MainActor` on the XCTestCase class") && $0.contains("Could not cast") } == true)
    }

    static let log02 = #"""
        t2.swift:7:9: error: main actor-isolated property 'vm' can not be mutated from a nonisolated context
         2 | @MainActor final class ViewModel { var count = 0; func load() {} }
         3 | @MainActor final class VMTests: XCTestCase {
         4 |     var vm: ViewModel!
           |         `- note: mutation of this property is only permitted within the actor
         5 |     override func setUp() {
         6 |         super.setUp()
         7 |         vm = ViewModel()
           |         `- error: main actor-isolated property 'vm' can not be mutated from a nonisolated context
         8 |     }
         9 |     override func tearDown() {

        t2.swift:10:9: error: main actor-isolated property 'vm' can not be mutated from a nonisolated context
         2 | @MainActor final class ViewModel { var count = 0; func load() {} }
         3 | @MainActor final class VMTests: XCTestCase {
         4 |     var vm: ViewModel!
           |         `- note: mutation of this property is only permitted within the actor
         5 |     override func setUp() {
         6 |         super.setUp()
           :
         8 |     }
         9 |     override func tearDown() {
        10 |         vm = nil
           |         `- error: main actor-isolated property 'vm' can not be mutated from a nonisolated context
        11 |         super.tearDown()
        12 |     }
        """#
    static let log04 = #"""
        t4.swift:4:38: error: main actor-isolated getter for property 'description' has different actor isolation from nonisolated overridden declaration
        2 | final class Item: NSObject {
        3 |     var name = "x"
        4 |     override var description: String { "Item(\(name))" }
          |                                      `- error: main actor-isolated getter for property 'description' has different actor isolation from nonisolated overridden declaration
        5 |     override func isEqual(_ object: Any?) -> Bool { (object as? Item)?.name == name }
        6 | }

        Foundation.NSObject._:2:1: note: overridden declaration is here
        1 | class NSObject {
        2 | get}
          | `- note: overridden declaration is here
        3 |

        t4.swift:4:18: error: main actor-isolated property 'description' has different actor isolation from nonisolated overridden declaration
        2 | final class Item: NSObject {
        3 |     var name = "x"
        4 |     override var description: String { "Item(\(name))" }
          |                  `- error: main actor-isolated property 'description' has different actor isolation from nonisolated overridden declaration
        5 |     override func isEqual(_ object: Any?) -> Bool { (object as? Item)?.name == name }
        6 | }

        Foundation.NSObject.description:2:10: note: overridden declaration is here
        1 | class NSObject {
        2 | open var description: String { get }}
          |          `- note: overridden declaration is here
        3 |

        t4.swift:5:19: error: main actor-isolated instance method 'isEqual' has different actor isolation from nonisolated overridden declaration
        3 |     var name = "x"
        4 |     override var description: String { "Item(\(name))" }
        5 |     override func isEqual(_ object: Any?) -> Bool { (object as? Item)?.name == name }
          |                   `- error: main actor-isolated instance method 'isEqual' has different actor isolation from nonisolated overridden declaration
        6 | }
        7 |

        Foundation.NSObject.isEqual:2:11: note: overridden declaration is here
        1 | class NSObject {
        2 | open func isEqual(_ object: Any?) -> Bool}
          |           `- note: overridden declaration is here
        3 |
        """#

    /// #4: NSObject overrides under `-default-isolation MainActor`. `nonisolated` on the class
    /// comes first (told by the settings or the pasted command; first in order when nothing
    /// tells); the XCTestCase fix only where a test case shows.
    @Test func r4DefaultIsolationOverrideIsOfferedNonisolatedFirst() throws {
        let command = "swiftc -swift-version 6 -default-isolation MainActor -c t4.swift -o /dev/null\n" + Self.log04
        let given = BuildSettings(facts: [.defaultMainActor])
        for (log, settings, told) in [(Self.log04, BuildSettings.unknown, false), (Self.log04, given, true), (command, .unknown, true)] {
            let lines = Self.routed(log, settings: settings)
            #expect(lines.count == 3)
            for routed in lines {
                #expect(routed.row?.id == "isolation-override")
                let cause = try #require(routed.causes?.first)
                #expect(cause.id == "default-main-actor")
                #expect((routed.causes?.toldBy != nil) == told)
                #expect(cause.fixes.first?.contains("`nonisolated final class Item: NSObject`") == true)
                #expect(cause.fixes.contains { $0.contains("XCTestCase") || $0.contains("setUp") } == false)
            }
        }
        // A test case's setUp() override is the XCTestCase cause, its fix the async variant.
        let setUp = """
            T.swift:3:35: error: main actor-isolated instance method 'setUp()' has different actor isolation from nonisolated overridden declaration
            2 | final class FeedTests: XCTestCase {
            3 |     @MainActor override func setUp() { ready = true }
              |                              `- error: main actor-isolated instance method 'setUp()' has different actor isolation from nonisolated overridden declaration
            """
        let test = try #require(Self.routed(setUp).first?.causes)
        #expect(test.first?.id == "test-case")
        #expect(test.first?.fixes.first?.contains("override func setUp() async throws") == true)
    }

    static let log08 = #"""
        t8.swift:10:32: error: call to global actor 'DatabaseActor'-isolated instance method 'count()' in a synchronous main actor-isolated context [#ActorIsolatedCall]
         3 | @DatabaseActor final class Database {
         4 |     func insert(_ r: Record) {}
         5 |     func count() -> Int { 0 }
           |          `- note: calls to instance method 'count()' from outside of its actor context are implicitly asynchronous
         6 | }
         7 | @MainActor final class ListModel {
         8 |     let db: Database
         9 |     init(db: Database) { self.db = db }
        10 |     func refresh() -> Int { db.count() }
           |                                `- error: call to global actor 'DatabaseActor'-isolated instance method 'count()' in a synchronous main actor-isolated context [#ActorIsolatedCall]
        11 |     func add() async {
        12 |         let r = Record()

        [#ActorIsolatedCall]: <https://docs.swift.org/compiler/documentation/diagnostics/actor-isolated-call>
        """#

    /// #8: a custom global actor called from the main actor: `@DatabaseActor` or `await`, and
    /// `@MainActor` on the caller (it already is) is a wrong fix.
    @Test func r8CustomGlobalActorCallIsNotOfferedMainActor() throws {
        let routed = try #require(Self.routed(Self.log08).first)
        let cause = try #require(routed.causes?.first)
        #expect(routed.row?.id == "call-isolated-sync" && cause.id == "global-actor")
        #expect(routed.causes?.toldBy != nil)
        #expect(cause.fixes.first?.contains("@DatabaseActor func refresh()") == true)
        #expect(cause.fixes.dropFirst().first?.contains("await db.count()") == true)
        #expect(!cause.fixes.contains { $0.contains("`@MainActor`") })
        #expect(cause.wrongFixes?.first?.hasPrefix("`@MainActor` on the caller") == true)
        // Not told by a main-actor callee's message.
        let main = "t.swift:3:5: error: call to main actor-isolated global function 'f()' in a synchronous global actor 'DatabaseActor'-isolated context"
        #expect(Self.routed(main).first?.causes?.first?.id != "global-actor")
    }

    static let log12 = #"""
        swift-runtime: failed to suspend thread 10484 while processing a crash; backtraces will be missing information

        *** Signal 4: Backtracing from 0x7f023ad4c2a2... done ***

        *** Program crashed: Illegal instruction at 0x00007f023ad4c2a2 ***

        Platform: x86_64 Linux (Debian GNU/Linux 12 (bookworm))

        Thread 0 "t11":

          0  0x00007f0239b14545 clock_nanosleep@@GLIBC_2.17 + 101 in libc.so.6
        ...

        Thread 1 "oot.default-qos" crashed:

          0              0x00007f023ad4c2a2 _dispatch_assert_queue_fail + 82 in libdispatch.so
          1 [ra]         0x00007f023ad4c9f7 dispatch_assert_queue.cold.1 + 102 in libdispatch.so
          2 [ra]         0x00007f023ad56c47 dispatch_assert_queue + 118 in libdispatch.so
          3 [ra]         0x00007f023ad12d20 _dispatchPreconditionTest(_:) + 47 in libswiftDispatch.so
          4 [ra]         0x00005639b88391b9 closure #1 in  + 8 in t11
          5 [ra] [thunk] 0x00005639b88391e8 thunk for @escaping @callee_guaranteed @Sendable () -> () + 39 in t11
          6 [ra]         0x00007f023ad5094c _dispatch_call_block_and_release + 11 in libdispatch.so
          7 [ra]         0x00007f023ad4d821 _dispatch_worker_thread.cold.5 + 16 in libdispatch.so
          8 [ra]         0x00007f023ad601fc _dispatch_worker_thread + 779 in libdispatch.so
        ...

        Thread 2 "-qos.overcommit":

          0      0x00007f0239b4df36 epoll_wait + 86 in libc.so.6
          1 [ra] 0x00007f023ad5cff2 _dispatch_mgr_invoke + 129 in libdispatch.so
          2 [ra] 0x00007f023ad5cf5d _dispatch_mgr_thread + 108 in libdispatch.so
          3 [ra] 0x00007f023ad60195 _dispatch_worker_thread + 676 in libdispatch.so
        ...


        Registers:

        rax 0x0000000000000000  0
        rdx 0x00007f02371feca0  a0 28 00 30 02 7f 00 00 c0 64 d8 3a 02 7f 00 00   (·0····ÀdØ:····
        rcx 0x0000000000000000  0
        rbx 0x0000000000000000  0
        rsi 0x00007f02371ff9c8  00 00 00 00 81 00 00 00 00 00 00 00 00 00 00 00  ················
        rdi 0x0000000000000000  0
        rbp 0x00007f02371fecb0  c0 ec 1f 37 02 7f 00 00 f7 c9 d4 3a 02 7f 00 00  Àì·7····÷ÉÔ:····
        rsp 0x00007f02371feca0  a0 28 00 30 02 7f 00 00 c0 64 d8 3a 02 7f 00 00   (·0····ÀdØ:····
         r8 0x0000000000000000  0
         r9 0x0000000000000073  115
        r10 0x0000000000000000  0
        r11 0x0000000000000293  659
        r12 0x0000000000000000  0
        r13 0x00007f023ad26708  00 00 00 00 00 00 00 00 98 64 d2 3a 02 7f 00 00  ·········dÒ:····
        r14 0x001ffe10000028f2  9005068950972658
        r15 0x00007f02371ff628  f3 28 00 00 00 00 00 00 c0 68 d8 3a 02 7f 00 00  ó(······ÀhØ:····
        rip 0x00007f023ad4c2a2  0f 0b 66 66 66 2e 0f 1f 84 00 00 00 00 00 55 48  ··fff.········UH

        rflags 0x0000000000010206  PF

        cs 0x0033  fs 0x0000  gs 0x0000


        Images (17 omitted):

        0x00005639b8838000–0x00005639b88396f8 2bbb989a01045a2c94339b7c88fccda29996bc11 t11                 /tmp/p5/t11
        0x00007f0239a45000–0x00007f0239bc00fc 93ac61ec5a8eb1396f9fbd350e3169a558528a40 libc.so.6           /usr/lib/x86_64-linux-gnu/libc.so.6
        0x00007f023acf9000–0x00007f023ad22af0 8e4dcd28f0fe17265e0368bef22d2f51cad71090 libswiftDispatch.so /opt/swift/usr/lib/swift/linux/libswiftDispatch.so
        0x00007f023ad2b000–0x00007f023ad73258 cb8d2d3cfa8e51d96b2da370bac3f34f88b57c92 libdispatch.so      /opt/swift/usr/lib/swift/linux/libdispatch.so

        Backtrace took 0.01s
        """#
    static let log10 = #"""

        *** Signal 4: Backtracing from 0x7f365e7442a2... done ***

        *** Program crashed: Illegal instruction at 0x00007f365e7442a2 ***

        Platform: x86_64 Linux (Debian GNU/Linux 12 (bookworm))

        Thread 0 "t9":

          0  0x00007f365cd14545 clock_nanosleep@@GLIBC_2.17 + 101 in libc.so.6
        ...

        Thread 1 crashed:

          0      0x00007f365e7442a2 _dispatch_assert_queue_fail + 82 in libdispatch.so
          1 [ra] 0x00007f365e7449f7 dispatch_assert_queue.cold.1 + 102 in libdispatch.so
          2 [ra] 0x00007f365e74ec47 dispatch_assert_queue + 118 in libdispatch.so
          3 [ra] 0x00007f365e87c2e3 _swift_task_checkIsolatedSwift + 18 in libswift_Concurrency.so
          4 [ra] 0x00007f365e8c3eaa swift_task_isCurrentExecutorWithFlags + 409 in libswift_Concurrency.so
          5 [ra] 0x000055d2b0308718 static MainActor.assumeIsolated<A>(_:file:line:) + 87 in t9
          6 [ra] 0x000055d2b0308995 closure #2 in  + 84 in t9
          7 [ra] 0x00007f365db795f9 Thread.main() + 24 in libFoundation.so
          8 [ra] 0x00007f365db783b7 NSThreadStart(_:) + 150 in libFoundation.so
        ...


        Registers:

        rax 0x0000000000000000  0
        rdx 0x00007f365a3febe0  50 13 00 54 36 7f 00 00 c0 e4 77 5e 36 7f 00 00  P··T6···Àäw^6···
        rcx 0x0000000000000000  0
        rbx 0x0000000000000000  0
        rsi 0x00007f365a3ff9c8  00 00 00 00 81 00 00 00 00 00 00 00 00 00 00 00  ················
        rdi 0x0000000000000000  0
        rbp 0x00007f365a3febf0  00 ec 3f 5a 36 7f 00 00 f7 49 74 5e 36 7f 00 00  ·ì?Z6···÷It^6···
        rsp 0x00007f365a3febe0  50 13 00 54 36 7f 00 00 c0 e4 77 5e 36 7f 00 00  P··T6···Àäw^6···
         r8 0x0000000000000000  0
         r9 0x0000000000000073  115
        r10 0x0000000000000000  0
        r11 0x0000000000000293  659
        r12 0x0000000000000000  0
        r13 0x000055d2d5bbe990  40 a3 8e 5e 36 7f 00 00 03 00 00 00 02 00 00 00  @£·^6···········
        r14 0x001ffe10000028a1  9005068950972577
        r15 0x00007f365a3ff628  a2 28 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ¢(··············
        rip 0x00007f365e7442a2  0f 0b 66 66 66 2e 0f 1f 84 00 00 00 00 00 55 48  ··fff.········UH

        rflags 0x0000000000010202

        cs 0x0033  fs 0x0000  gs 0x0000


        Images (16 omitted):

        0x000055d2b0307000–0x000055d2b0309350 5e0c8043a810122136555e551b1d9610bda954a0 t9                      /tmp/p5/t9
        0x00007f365cc45000–0x00007f365cdc00fc 93ac61ec5a8eb1396f9fbd350e3169a558528a40 libc.so.6               /usr/lib/x86_64-linux-gnu/libc.so.6
        0x00007f365d800000–0x00007f365dceeea8 bbe2057ad9a7c4b7122ec47d2500ff98e0395cef libFoundation.so        /opt/swift/usr/lib/swift/linux/libFoundation.so
        0x00007f365e723000–0x00007f365e76b258 cb8d2d3cfa8e51d96b2da370bac3f34f88b57c92 libdispatch.so          /opt/swift/usr/lib/swift/linux/libdispatch.so
        0x00007f365e851000–0x00007f365e8e4130 b9f34903c95524076576e2a19e29e879676b9e24 libswift_Concurrency.so /opt/swift/usr/lib/swift/linux/libswift_Concurrency.so

        Backtrace took 0.02s
        """#

    /// #12: a `dispatchPrecondition` crash is its own cause, told by the `_dispatchPreconditionTest`
    /// frame; an `assumeIsolated` crash in the same `_dispatch_assert_queue_fail` stays main-actor.
    @Test func r12DispatchPreconditionIsNotAnActorAssumption() throws {
        let lines = Self.routed(Self.log12)
        #expect(lines.count == 1)
        let routed = try #require(lines.first)
        #expect(routed.row?.id == "executor-assumption" && routed.causes?.first?.id == "dispatch-queue")
        #expect(routed.row?.meaning.joined(separator: " ").contains("dispatchPrecondition") == true)
        #expect(routed.causes?.first?.fixes.first?.contains("DispatchQueue.main.async") == true)
        let screen = Report(table: Kit.table, docs: GroupDocs(directory: nil)).render(Self.router.route(Self.log12))
        #expect(screen.split(whereSeparator: \.isWhitespace).joined(separator: " ").contains("told by the crash's frame"))
        let assume = try #require(Self.routed(Self.log10).first)
        #expect(assume.row?.id == "executor-assumption" && assume.causes?.first?.id == "main-actor")
    }

    static let log19 = #"""
        t18.swift:6:25: error: sending 'session' risks causing data races [#SendingRisksDataRace]
         4 | func loadAll() async {
         5 |     let session = Session()
         6 |     async let profile = fetchProfile(session)
           |                         |- error: sending 'session' risks causing data races [#SendingRisksDataRace]
           |                         `- note: sending 'session' into async let risks causing data races between async let uses and local uses
         7 |     async let feed = fetchFeed(session)
           |                      `- note: access can happen concurrently
         8 |     print(await profile, await feed)
         9 | }

        [#SendingRisksDataRace]: <https://docs.swift.org/compiler/documentation/diagnostics/sending-risks-data-race>
        """#

    /// #19: an `async let` shares a class instance: a copy of the reference does not help; a
    /// Sendable type (when it honestly is) or an object per child does.
    @Test func r19AsyncLetSharingAnObjectIsNotOfferedACopy() throws {
        let routed = try #require(Self.routed(Self.log19).first)
        let cause = try #require(routed.causes?.first)
        #expect(routed.row?.id == "sending-value" && cause.id == "async-let-var")
        let object = try #require(cause.fixes.first { $0.hasPrefix("an object") })
        #expect(object.contains("a copied reference is the same object") && object.contains("Sendable") && object.contains("immutable"))
        #expect(cause.fixes.contains { $0.contains("fetchProfile(Session())") })
        #expect(cause.fixes.first { $0.contains("copy the value into a `let`") }?.hasPrefix("a `var` of a value type") == true)
        #expect(cause.wrongFixes?.contains { $0.hasPrefix("making the value's type Sendable:") } == false)
        #expect(cause.wrongFixes?.contains { $0.hasPrefix("`let copy = session`") } == true)
    }
}
