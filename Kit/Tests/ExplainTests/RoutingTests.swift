import ExplainKit
import Foundation
import Testing

struct RoutingTests {
    @Test func theSwift5ModeSuffixAndTheGroupTagDoNotChangeTheKind() {
        let plain = "sending 'store' risks causing data races"
        for line in [plain, plain + "; this is an error in the Swift 6 language mode [#SendingRisksDataRace]",
                     plain + "; this is an error in Swift 6", "Sending 'store' risks causing data races"] {
            #expect(Kit.matcher.row(forMessage: line)?.id == "sending-value", "\(line)")
        }
    }

    @Test func olderWordingsLearnersPasteReachTheSameRow() {
        let xcode16 = "task-isolated value of type 'Draft' passed as a strongly transferred parameter; later accesses could race"
        #expect(Kit.matcher.row(forMessage: xcode16)?.id == "sending-value")
        let swift6 = "capture of 'self' with non-sendable type 'Model' in a `@Sendable` closure"
        #expect(Kit.matcher.row(forMessage: swift6)?.id == "sendable-closure-capture")
    }

    @Test func aBuildLogIsGroupedByKindWithCountsAndLocations() {
        let log = """
            [3/9] Compiling App Model.swift
            /src/App/Sources/App/Model.swift:10:5: warning: sending 'a' risks causing data races [#SendingRisksDataRace]
             9 |
            10 |     Task { use(a) }
               |     `- warning: sending 'a' risks causing data races [#SendingRisksDataRace]
            /src/App/Sources/App/Model.swift:20:5: warning: sending 'b' risks causing data races [#SendingRisksDataRace]
            /src/App/Sources/App/View.swift:3:9: error: mutation of captured var 'n' in concurrently-executing code
            /src/App/Sources/App/View.swift:3:9: note: something the compiler adds
            [#SendingRisksDataRace]: <https://docs.swift.org/compiler/documentation/diagnostics/sending-risks-data-race>
            """
        let routing = Kit.route(log)
        #expect(routing.kinds.map(\.row.id) == ["sending-value", "captured-var-mutation"])
        #expect(routing.kinds[0].entries.map(\.location) == ["Sources/App/Model.swift:10:5", "Sources/App/Model.swift:20:5"])
        #expect(routing.kinds[0].groups == ["SendingRisksDataRace"])
        #expect(routing.unknown.isEmpty)
    }

    @Test func xcprettysWarningsAreRead() {
        let log = "\u{26A0}\u{FE0F}  /Users/me/App/Sources/App/Feed.swift:8:14: capture of 'feed' with non-sendable type 'Feed' in a `@Sendable` closure\n"
            + "\u{274C}  /Users/me/App/Sources/App/Feed.swift:9:3: mutation of captured var 'n' in concurrently-executing code\n"
        let routing = Kit.route(log)
        #expect(routing.kinds.map(\.row.id) == ["sendable-closure-capture", "captured-var-mutation"])
        #expect(routing.kinds[0].entries[0].location == "Sources/App/Feed.swift:8:14")
    }

    /// A retyped "Warning: " and Xcode's issue-list copy ("path:line:col message", no severity)
    /// are read as diagnostics with their location; a bare path line in a log is not one.
    @Test func aRetypedSeverityAndAnIssueListCopyAreRead() {
        let retyped = Kit.route("Warning: Sending value of non-Sendable type 'Job' risks causing data races", single: true)
        #expect(retyped.kinds.map(\.row.id) == ["sending-value"])
        #expect(retyped.kinds.first?.entries.first?.severity == "warning")
        let copied = Kit.route("/App/Share/ShareView.swift:237:30 Passing argument of non-sendable type 'Item' "
            + "outside of main actor-isolated context may introduce data races", single: true)
        // Swift 5.10's wording of an argument sent across actors: sending-value's kind.
        #expect(copied.kinds.map(\.row.id) == ["sending-value"])
        // A path outside Sources/ and Tests/ is shown whole.
        #expect(copied.kinds.first?.entries.first?.location == "/App/Share/ShareView.swift:237:30")
        let log = Kit.route("/src/App/Sources/App/Model.swift:3:1 compiled in 12 ms\n")
        #expect(log.kinds.isEmpty && log.unknown.isEmpty)
    }

    @Test func anUnknownDiagnosticIsListedNotGuessed() {
        let routing = Kit.route("/src/A.swift:1:1: error: cannot find 'x' in scope\n")
        #expect(routing.kinds.isEmpty)
        #expect(routing.unknown.map(\.message) == ["cannot find 'x' in scope"])
    }

    @Test func aCrashLogRoutesToTheTrapsLesson() {
        let crash = """
            Thread 3 Crashed:
            0  libdispatch.dylib   0x1 _dispatch_assert_queue_fail + 120
            1  libswift_Concurrency.dylib  0x2 swift_task_isCurrentExecutorImpl(swift::SerialExecutorRef) + 284
            2  App   0x3 closure #1 in Model.load()
            """
        let routing = Kit.route(crash)
        #expect(routing.kinds.map(\.row.id) == ["executor-assumption"])
        // One crash, however many of its frames name the trap.
        #expect(routing.kinds[0].entries.count == 1)
    }

    /// The crashed thread's frames join the crash, the trap's and the code's alike; another
    /// thread's, listed after it, do not. The first outside the runtime is the code it stopped.
    @Test func aCrashKeepsItsOwnThreadsFramesOnly() throws {
        let crash = """
            Thread 1 crashed:
              0      0x00007f3b729f32a2 _dispatch_assert_queue_fail + 82 in libdispatch.so
              3 [ra] 0x00007f3b733952e3 _swift_task_checkIsolatedSwift + 18 in libswift_Concurrency.so
              4 [ra] 0x00007f3b733dceaa swift_task_isCurrentExecutorWithFlags + 409 in libswift_Concurrency.so
              5 [ra] 0x000055c1db1252df closure #1 in NotificationScheduler.requestAuthorization() + 158 in app
              6 [ra] 0x00007f3b728ef04b closure #1 in NotificationCenterLike.requestAuthorization(completionHandler:) + 58 in libNotif.so
            ...
            Thread 2 "oot.default-qos":
              0  0x00007fd2beacaf16 __futex_abstimed_wait_common + 198 in libc.so.6
            """
        let entry = try #require(LogReader.entries(in: crash, matcher: Kit.matcher, single: false).first)
        #expect(entry.context.count == 4)
        #expect(!entry.context.contains { $0.contains("__futex") })
        #expect(CauseChooser.enteredFrame(of: entry)?.contains("closure #1 in NotificationScheduler.requestAuthorization()") == true)
    }

    @Test func everyTemplateIsDistinctAndEveryRowSaysWhatTheKitTeaches() {
        var seen: Set<String> = []
        for row in Kit.table.rows {
            #expect(row.meaning.count == 2, "\(row.id)")
            #expect(!row.kit.isEmpty && !row.wrongFixes.isEmpty && !row.proposals.isEmpty, "\(row.id)")
            // A row with causes may keep every fix with its cause.
            #expect(!row.fixes.isEmpty || !(row.causes ?? []).isEmpty, "\(row.id)")
            for cause in row.causes ?? [] { #expect(!cause.fixes.isEmpty && !cause.tell.isEmpty, "\(row.id)/\(cause.id)") }
            #expect(!row.reproductions.isEmpty || row.unreproducible != nil, "\(row.id)")
            for template in row.allTemplates {
                #expect(seen.insert(Templates.normalize(template)).inserted, "\(template)")
                // A row's own wording routes to that row, not to an earlier one.
                let example = template.replacingOccurrences(of: "%", with: "'x'")
                let routed = row.isRuntime ? Kit.matcher.runtimeRow(forLine: example) : Kit.matcher.row(forMessage: example)
                #expect(routed?.id == row.id, "\(template) → \(routed?.id ?? "nothing")")
            }
        }
    }

    @Test func eachScreenFitsAProjector() {
        let log = Kit.table.rows.map { $0.templates[0].replacingOccurrences(of: "%", with: "'a_rather_long_name_of_something'") }
            .map { "/p/Sources/A.swift:1:1: warning: \($0)" }.joined(separator: "\n")
        let text = Report(table: Kit.table, docs: GroupDocs.fromPath()).render(Kit.route(log))
        for line in text.split(separator: "\n") { #expect(line.count <= Report.width, "\(line)") }
    }

    @Test func everyConcurrencyGroupHasARowAndTheToolchainsExplanation() {
        let docs = GroupDocs.fromPath()
        for group in Kit.table.groups {
            #expect(Kit.table.rows.contains { $0.group == group.name }, "\(group.name)")
            if docs.directory != nil { #expect(docs.explanation(of: group.name, in: Kit.table) != nil, "\(group.name)") }
        }
    }
}
