import MatrixKit
import Testing
@testable import TrackerSpec

@Suite("Attributing reports to catalogue rows")
struct RaceAttributionTests {
    let attributor = RaceAttributor(catalogue: TestCatalogue.defects)
    let stage0 = TestCatalogue.stages[0]
    let stage1 = TestCatalogue.stages[1]
    let stage2 = Stage(number: 2, target: "Stage2_Continuations", title: "continuations")

    func findings(_ fixture: String, stage: Stage) throws -> [RaceFinding] {
        try TSanLogParser.reports(in: Fixture.text(fixture)).map { attributor.attribute($0, stage: stage, sources: Fixture.sources) }
    }

    @Test("the saved-drinks races (main vs queue) belong to the saved-drinks row only, by their racing frames")
    func savedDrinks() throws {
        let found = try findings("stage0-saved-drinks.tsan", stage: stage0)
        #expect(found.map(\.rows) == [["race-saved-drinks"], ["race-saved-drinks"]])
        #expect(found[0].contexts == [.main, .queue])
        // The second access's racing frame is the synthesized setter: a file, no line.
        #expect(found[0].topFrames == ["Sources/Stage0_GCD/CoffeeData.swift:83", "Sources/Stage0_GCD/CoffeeData.swift"])
        #expect(found[0].properties == ["currentDrinks"])
    }

    @Test("the health-access race (main vs task) belongs to its row")
    func healthAccess() throws {
        let found = try findings("stage2-health-access.tsan", stage: stage2)
        #expect(found.map(\.rows) == [["race-health-access"]])
        #expect(found[0].properties == ["healthAccess"])
        #expect(found[0].contexts == [.main, .task])
    }

    @Test("the anchor race (queue vs main) belongs to the anchor row")
    func anchor() throws {
        let found = try findings("stage1-query-anchor.tsan", stage: stage1)
        #expect(found.map(\.rows) == [["race-query-anchor"]])
    }

    @Test("a report is attributed only in the stage whose sources it races in")
    func otherStage() throws {
        let found = try findings("stage1-query-anchor.tsan", stage: stage0)
        #expect(found.map(\.isUnexpected) == [true])
        #expect(found[0].reason == "a racing frame outside Sources/Stage0_GCD/")
    }

    @Test("two tasks racing on isAuthorized belong to the tasks row, not the main-vs-queue one")
    func twoTasks() throws {
        let found = try findings("probe-two-tasks.tsan", stage: TestCatalogue.probeStage)
        #expect(found.map(\.rows) == [["race-is-authorized-tasks"]])
        #expect(found[0].contexts == [.task, .task])
    }

    @Test("a race on a moved row's property between other contexts, in a stage where it moved, is that moved race")
    func movedRace() throws {
        let mainQueue = Defect(
            id: "is-authorized-main-queue", summary: "",
            detector: .threadSanitizer(properties: ["isAuthorized"], between: [.main, .queue]), present: [0], moved: [9: "compiler-row"])
        let report = try #require(TSanLogParser.reports(in: try Fixture.text("probe-two-tasks.tsan")).first)
        let finding = RaceAttributor(catalogue: [mainQueue]).attribute(report, stage: TestCatalogue.probeStage, sources: Fixture.sources)
        #expect(finding.rows.isEmpty && finding.movedRows == ["is-authorized-main-queue"] && !finding.isUnexpected)
        // Where the row is fixed (not moved), the same report is unknown.
        let fixed = Defect(
            id: "is-authorized-main-queue", summary: "",
            detector: .threadSanitizer(properties: ["isAuthorized"], between: [.main, .queue]), present: [0])
        #expect(RaceAttributor(catalogue: [fixed]).attribute(report, stage: TestCatalogue.probeStage, sources: Fixture.sources).isUnexpected)
    }

    @Test("a row's contexts must match exactly, by chance or not")
    func exactContexts() throws {
        let wider = Defect(
            id: "tasks-or-queue", summary: "",
            detector: .threadSanitizer(properties: ["isAuthorized"], between: [.task, .queue], byChance: [9]), present: [9])
        let report = try #require(TSanLogParser.reports(in: try Fixture.text("probe-two-tasks.tsan")).first)
        let finding = RaceAttributor(catalogue: [wider]).attribute(report, stage: TestCatalogue.probeStage, sources: Fixture.sources)
        #expect(finding.isUnexpected)
        #expect(finding.reason == "no row for these contexts")
    }

    @Test("a race on a row's property between other contexts is unexpected, and says what and where")
    func unexpectedContexts() throws {
        let tasksOnly = Defect(
            id: "anchor-tasks", summary: "",
            detector: .threadSanitizer(properties: ["anchor"], between: [.task]), present: [2])
        let other = RaceAttributor(catalogue: [tasksOnly])
        let report = try #require(TSanLogParser.reports(in: try Fixture.text("stage1-query-anchor.tsan")).first)
        let finding = other.attribute(report, stage: stage1, sources: Fixture.sources)
        #expect(finding.isUnexpected)
        #expect(finding.description == "anchor; main vs queue; Sources/Stage1_AsyncAwait/HealthKitController.swift:106, Sources/Stage1_AsyncAwait/HealthKitController.swift:86; no row for these contexts")
    }

    @Test("a report of another kind belongs to no row")
    func otherKind() {
        let report = TSanReport(kind: "destroy of a locked mutex", accesses: [], text: "")
        let finding = attributor.attribute(report, stage: stage0, sources: Fixture.sources)
        #expect(finding.isUnexpected)
        #expect(finding.description.hasPrefix("destroy of a locked mutex"))
    }

    @Test("an access made by the simulator is unknown, even with the stage's code deeper in its stack")
    func simulatorFrameFirst() throws {
        var report = try #require(TSanLogParser.reports(in: try Fixture.text("stage2-health-access.tsan")).first)
        // The screen read inside the runtime rather than in the stage's view.
        report.accesses[0].frames.insert(
            StackFrame(function: "$s11WatchKitSim11WKExtensionC6screenAA6ScreenVvg", file: "/w/Sources/WatchKitSim/WKExtension.swift", line: 87,
                       module: "CoffeeTrackerKitPackageTests.xctest"), at: 0)
        let finding = attributor.attribute(report, stage: stage2, sources: Fixture.sources)
        #expect(finding.isUnexpected)
        #expect(finding.topFrames[0] == "Sources/WatchKitSim/WKExtension.swift:87")
        #expect(finding.reason == "a racing frame outside Sources/Stage2_Continuations/")
    }

    @Test("runtime frames before the racing frame are skipped: TSan's interceptors, shared libraries, thunks")
    func runtimeFramesSkipped() throws {
        var report = try #require(TSanLogParser.reports(in: try Fixture.text("stage2-health-access.tsan")).first)
        report.accesses[0].frames.insert(contentsOf: [
            StackFrame(function: "__tsan_memcpy", file: "/llvm-project/compiler-rt/lib/tsan/rtl/tsan_interceptors_memintrinsics.cpp", line: 27,
                       module: "CoffeeTrackerKitPackageTests.xctest"),
            StackFrame(function: "swift_bridgeObjectRetain", file: "<null>", module: "libswiftCore.so"),
            StackFrame(function: "$s20Stage2_Continuations4DrinkVWOy", file: "/<compiler-generated>", module: "CoffeeTrackerKitPackageTests.xctest"),
        ], at: 0)
        let finding = attributor.attribute(report, stage: stage2, sources: Fixture.sources)
        #expect(finding.rows == ["race-health-access"])
    }

    @Test("racing frames that name no common property are unknown, whatever else the stack names")
    func differentProperties() throws {
        var report = try #require(TSanLogParser.reports(in: try Fixture.text("stage2-health-access.tsan")).first)
        report.accesses[1].frames[0].line = 99  // a line that names nothing
        let sources = InlineSourceLines(Fixture.sources.files.merging(
            ["Sources/Stage2_Continuations/ExtensionDelegate.swift": [99: "        launchCount += 1"]]) { $1 })
        let finding = attributor.attribute(report, stage: stage2, sources: sources)
        #expect(finding.isUnexpected)
        #expect(finding.reason == "the racing frames name no common catalogue property")
    }

    @Test("a race with no access in a stage's sources is unexpected")
    func outsideTheStages() {
        let access = MemoryAccess(
            header: "Write of size 8 at 0x1 by main thread", thread: "main thread",
            frames: [StackFrame(function: "$s12HealthKitSim3fooyyF", file: "/w/Sources/HealthKitSim/A.swift", line: 3)])
        var other = access
        other.thread = "thread T3"
        other.frames.append(StackFrame(function: "_dispatch_lane_serial_drain", file: "crtstuff.c", module: "libdispatch.so"))
        let finding = attributor.attribute(TSanReport(kind: "data race", accesses: [access, other], text: ""), stage: stage0, sources: Fixture.sources)
        #expect(finding.isUnexpected)
        #expect(finding.topFrames == ["Sources/HealthKitSim/A.swift:3", "Sources/HealthKitSim/A.swift:3"])
    }
}
