import MatrixKit
import Testing

@Suite("Reading TSan logs")
struct TSanLogParserTests {
    @Test("a log with two reports gives two data races with two accesses each")
    func twoReports() throws {
        let reports = TSanLogParser.reports(in: try Fixture.text("stage0-saved-drinks.tsan"))
        #expect(reports.count == 2)
        #expect(reports.allSatisfy { $0.kind == "data race" && $0.isRace && $0.accesses.count == 2 })
        #expect(reports[0].accesses.map(\.thread) == ["thread T7", "main thread"])
    }

    @Test("\"As if synchronized via sleep\", the location and the thread sections are not accesses")
    func otherSectionsAreSkipped() throws {
        let report = try #require(TSanLogParser.reports(in: try Fixture.text("stage2-health-access.tsan")).first)
        #expect(report.accesses.count == 2)
        #expect(report.accesses[0].header.hasPrefix("Read of size 1 at 0x"))
        #expect(report.accesses[1].header.hasPrefix("Previous write of size 1 at 0x"))
        // The read's stack ends at `main`; the sleep stack (usleep …) is not appended to it.
        #expect(report.accesses[0].frames.count == 12)
        #expect(!report.accesses.contains { $0.frames.contains { $0.function == "usleep" } })
    }

    @Test("a frame splits into function, file, line and column, with or without BuildId")
    func frames() throws {
        let withBuildId = try #require(TSanLogParser.reports(in: try Fixture.text("stage2-health-access.tsan")).first)
        let top = try #require(withBuildId.accesses[0].frames.first)
        #expect(top.function == "$s20Stage2_Continuations11ContentViewV10healthLine33_C35D68F5AE29C22BE450CC333A069A3DLLSSvg")
        #expect(top.file == "/work/main/Sources/Stage2_Continuations/Views.swift")
        #expect(top.line == 25 && top.column == 22)
        let pool = withBuildId.accesses[1].frames[3]
        #expect(pool.function == "swift::runJobInEstablishedExecutorContext(swift::Job*)")
        #expect(pool.file == "crtstuff.c" && pool.line == nil)
    }

    @Test("a frame of a synthesized accessor has a file but no line")
    func frameWithoutLine() throws {
        let reports = TSanLogParser.reports(in: try Fixture.text("stage0-saved-drinks.tsan"))
        let setter = try #require(reports[0].accesses[1].frames.first)
        #expect(setter.function.contains("C13currentDrinksSay0C5Model5DrinkVGvs"))
        #expect(setter.file == "/work/main/Sources/Stage0_GCD/CoffeeData.swift")
        #expect(setter.line == nil)
        #expect(setter.stageSourcePath == "Sources/Stage0_GCD/CoffeeData.swift")
    }

    @Test("the top stage frame skips frames outside the stages, and its path starts at Sources/")
    func topStageFrame() throws {
        let report = try #require(TSanLogParser.reports(in: try Fixture.text("stage1-query-anchor.tsan")).first)
        let frame = try #require(report.accesses[0].topStageFrame)
        #expect(frame.shortLocation == "Sources/Stage1_AsyncAwait/HealthKitController.swift:106")
        #expect(StackFrame(function: "f", file: "/x/MySources/Stage0/a.swift", line: 1).stageSourcePath == nil)
    }

    @Test("a report of another kind is read with its kind and is not a race")
    func otherKinds() {
        // Written in TSan's format: this toolchain's runtime printed no report of another kind
        // in our probes (double free, lock-order inversion, a locked mutex destroyed).
        let log = """
            ==================
            WARNING: ThreadSanitizer: destroy of a locked mutex (pid=4242)
                #0 pthread_mutex_destroy /llvm/tsan_interceptors_posix.cpp:1344:3 (a.out+0x52d7)
                #1 main /tmp/a.c:7:5 (a.out+0xd0b5)

              and:
                #0 pthread_mutex_lock /llvm/sanitizer_common_interceptors.inc:4491:3 (a.out+0x6b1a)
                #1 main /tmp/a.c:6:5 (a.out+0xd0a8)

            SUMMARY: ThreadSanitizer: destroy of a locked mutex /tmp/a.c:7:5 in main
            ==================
            ThreadSanitizer: reported 1 warnings
            """
        let reports = TSanLogParser.reports(in: log)
        #expect(reports.count == 1)
        #expect(reports[0].kind == "destroy of a locked mutex")
        #expect(!reports[0].isRace)
    }

    @Test("an empty log and the closing \"reported N warnings\" line give no report")
    func noReports() {
        #expect(TSanLogParser.reports(in: "").isEmpty)
        #expect(TSanLogParser.reports(in: "==================\nThreadSanitizer: reported 0 warnings\n").isEmpty)
    }
}
