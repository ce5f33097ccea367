import MatrixKit
import Testing

@Suite("Classifying access contexts")
struct AccessContextTests {
    @Test("a main-actor job on the main thread is main, though its stack runs a job")
    func mainBeforeTask() throws {
        let report = try #require(TSanLogParser.reports(in: try Fixture.text("stage2-health-access.tsan")).first)
        #expect(report.accesses[0].frames.contains { $0.function.contains("runJobInEstablishedExecutorContext") })
        #expect(AccessContext.of(report.accesses[0]) == .main)
    }

    @Test("a pool thread running a job is a task")
    func task() throws {
        let report = try #require(TSanLogParser.reports(in: try Fixture.text("stage2-health-access.tsan")).first)
        #expect(AccessContext.of(report.accesses[1]) == .task)
    }

    @Test("a job the simulators' hook runs is a task, though TSan restored no runtime frame of it")
    func taskWithoutRuntimeFrames() throws {
        let report = try #require(TSanLogParser.reports(in: try Fixture.text("exercise4-solution-two-tasks.tsan")).first)
        let previous = report.accesses[1]
        #expect(!previous.frames.contains { $0.function.contains("runJobInEstablishedExecutorContext") })
        #expect(report.accesses.map(AccessContext.of) == [.task, .task])
    }

    @Test("a block on a dispatch queue is a queue")
    func queue() throws {
        let report = try #require(TSanLogParser.reports(in: try Fixture.text("stage0-saved-drinks.tsan")).first)
        #expect(AccessContext.of(report.accesses[0]) == .queue)
        #expect(AccessContext.of(report.accesses[1]) == .main)
    }

    @Test("a thread with neither jobs nor dispatch frames is a plain thread, which no row names")
    func plainThread() {
        let access = MemoryAccess(
            header: "Write of size 8 at 0x1 by thread T2", thread: "thread T2",
            frames: [StackFrame(function: "worker", file: "/x/Sources/Stage0_GCD/a.swift", line: 3)])
        #expect(AccessContext.of(access) == .thread)
        #expect(AccessContext.thread.catalogueContext == nil)
    }
}
