import MatrixKit
import Testing
@testable import TrackerSpec

@Suite("Attributing reports to catalogue rows")
struct RaceAttributionTests {
    let attributor = RaceAttributor(catalogue: TestCatalogue.defects)

    func findings(_ fixture: String) throws -> [RaceFinding] {
        try TSanLogParser.reports(in: Fixture.text(fixture)).map { attributor.attribute($0, sources: Fixture.sources) }
    }

    @Test("the saved-drinks races (main vs queue) belong to the saved-drinks row only")
    func savedDrinks() throws {
        let found = try findings("stage0-saved-drinks.tsan")
        #expect(found.map(\.rows) == [["race-saved-drinks"], ["race-saved-drinks"]])
        #expect(found[0].contexts == [.main, .queue])
        #expect(found[0].topFrames == ["Sources/Stage0_GCD/CoffeeData.swift:83", "Sources/Stage0_GCD/CoffeeData.swift"])
    }

    @Test("the health-access race (main vs task) belongs to its row")
    func healthAccess() throws {
        let found = try findings("stage2-health-access.tsan")
        #expect(found.map(\.rows) == [["race-health-access"]])
        #expect(found[0].properties == ["healthAccess"])
        #expect(found[0].contexts == [.main, .task])
    }

    @Test("the anchor race (queue vs main) belongs to the anchor row, not the pool one")
    func anchor() throws {
        let found = try findings("stage1-query-anchor.tsan")
        #expect(found.map(\.rows) == [["race-query-anchor"]])
    }

    @Test("two tasks racing on isAuthorized belong to the by-chance tasks row, not the main-vs-queue one")
    func twoTasks() throws {
        let found = try findings("probe-two-tasks.tsan")
        #expect(found.map(\.rows) == [["race-is-authorized-tasks"]])
        #expect(found[0].contexts == [.task, .task])
    }

    @Test("a by-chance row takes reports whose contexts fall within its set; a reliable row needs them exactly")
    func byChanceRowsTakeSubsets() throws {
        let byChance = Defect(
            id: "tasks-or-queue", summary: "",
            detector: .threadSanitizer(properties: ["isAuthorized"], between: [.task, .queue], reliable: false), present: [1])
        let reliable = Defect(
            id: "exactly-task-and-queue", summary: "",
            detector: .threadSanitizer(properties: ["isAuthorized"], between: [.task, .queue], reliable: true), present: [1])
        let report = try #require(TSanLogParser.reports(in: try Fixture.text("probe-two-tasks.tsan")).first)
        let finding = RaceAttributor(catalogue: [byChance, reliable]).attribute(report, sources: Fixture.sources)
        #expect(finding.rows == ["tasks-or-queue"])
    }

    @Test("a race on a row's property between other contexts is unexpected, and says what and where")
    func unexpectedContexts() throws {
        // A catalogue whose only anchor row is between two pool tasks.
        let tasksOnly = Defect(
            id: "anchor-tasks", summary: "",
            detector: .threadSanitizer(properties: ["anchor"], between: [.task], reliable: false), present: [2])
        let other = RaceAttributor(catalogue: [tasksOnly])
        let report = try #require(TSanLogParser.reports(in: try Fixture.text("stage1-query-anchor.tsan")).first)
        let finding = other.attribute(report, sources: Fixture.sources)
        #expect(finding.isUnexpected)
        #expect(finding.description == "anchor; main vs queue; Sources/Stage1_AsyncAwait/HealthKitController.swift:106, Sources/Stage1_AsyncAwait/HealthKitController.swift:86")
    }

    @Test("a report of another kind belongs to no row")
    func otherKind() {
        let report = TSanReport(kind: "destroy of a locked mutex", accesses: [], text: "")
        let finding = attributor.attribute(report, sources: Fixture.sources)
        #expect(finding.isUnexpected)
        #expect(finding.description.hasPrefix("destroy of a locked mutex"))
    }

    @Test("a race with no access in a stage's sources is unexpected")
    func outsideTheStages() {
        let access = MemoryAccess(
            header: "Write of size 8 at 0x1 by main thread", thread: "main thread",
            frames: [StackFrame(function: "$s12HealthKitSim3fooyyF", file: "/w/Sources/HealthKitSim/A.swift", line: 3)])
        var other = access
        other.thread = "thread T3"
        other.frames.append(StackFrame(function: "_dispatch_lane_serial_drain", file: "crtstuff.c"))
        let finding = attributor.attribute(TSanReport(kind: "data race", accesses: [access, other], text: ""), sources: Fixture.sources)
        #expect(finding.isUnexpected)
        #expect(finding.topFrames == ["/w/Sources/HealthKitSim/A.swift:3", "/w/Sources/HealthKitSim/A.swift:3"])
    }
}
