import NotesKit
import Testing

@Suite("Figures in a note's prose are counted by a compiler block of their section")
struct FiguresTests {
    func problems(_ text: String) -> [String] {
        Figures.check(Note(path: "Steps/test.md", text: text)).map(\.message)
    }

    let complete = """
        ```text compiler=Stage5_Swift6
        Sources/Stage5_Swift6/A.swift:1:1: error: one
        Sources/Stage5_Swift6/A.swift:2:1: warning: two
        Sources/Stage5_Swift6/A.swift:3:1: warning: 'f()' is deprecated: use g()
        ```
        """

    @Test("a figure matching a complete block's lines passes, deprecations counted or not")
    func completeBlock() {
        #expect(problems("## 1. One error\n\nIt has two warnings.\n\n\(complete)\n").isEmpty)
        #expect(problems("## 1. Flip it\n\nOne concurrency warning, next to the deprecation:\n\n\(complete)\n").isEmpty)
    }

    @Test("a stale figure fails on its line, naming what the blocks count")
    func staleFigure() {
        #expect(problems("## 1. Flip it\n\nIt prints three errors:\n\n\(complete)\n")
            == [#""three errors": the section's compiler blocks count 1 errors"#])
    }

    @Test("an excerpt counts only through errors=N and warnings=N")
    func excerpt() {
        let excerpt = "```text compiler=Stage6_Approachable excerpt errors=11\nSources/Stage6_Approachable/A.swift:1:1: error: x\n```\n"
        #expect(problems("## 2. Eleven errors\n\n\(excerpt)").isEmpty)
        #expect(problems("## 2. Twelve errors\n\n\(excerpt)").count == 1)
        let uncounted = "```text compiler=Stage6_Approachable excerpt\nSources/Stage6_Approachable/A.swift:1:1: error: x\n```\n"
        #expect(problems("## 2. Eleven errors\n\n\(uncounted)").first?.contains("no compiler block of this section counts errors") == true)
    }

    @Test("a figure in a section without a counting block fails; another section's block does not count")
    func otherSection() {
        #expect(problems("## 1. Stage 0 had 17 warnings\n\n## 2. Now\n\n\(complete)\n").count == 1)
    }

    @Test("phrases that do not state a count are not figures")
    func notFigures() {
        #expect(Figures.figures(in: "one of the warnings, and seven more like them").isEmpty)
        #expect(Figures.figures(in: "no warnings; the errors are gone").isEmpty)
        #expect(Figures.figures(in: "Stage 3 had 8 concurrency warnings").map(\.value) == [8])
        #expect(Figures.figures(in: "Swift 6.2 added a warning").isEmpty)
    }
}


@Suite("A suite block may expect the run to stop on a trap")
struct SuiteTrapTests {
    let trapped = """
        ◇ Test run started.
         6 [ra] [thunk] 0x000055c8fb3a2739 protocol witness for P.f() in conformance C + 104 in Tests.xctest
        error: Process 'Tests.xctest --filter Stage6Tests' exited with unexpected signal code 4
        """
    let finished = "✔ Test run with 2 tests in 1 suite passed after 3.098 seconds.\n"

    @Test("exit: trapped passes on a trap that printed the quoted lines, and fails on a finished run")
    func trap() {
        let block = ["protocol witness for P.f() in conformance C", "exit: trapped"]
        #expect(SlowChecks.suiteMismatches(expected: block, output: trapped, testTarget: "Stage6Tests").isEmpty)
        #expect(SlowChecks.suiteMismatches(expected: block, output: finished, testTarget: "Stage6Tests").first?
            .hasPrefix("the Stage6Tests run did not stop on a trap") == true)
        #expect(SlowChecks.suiteMismatches(expected: ["protocol witness for Q.g()", "exit: trapped"], output: trapped, testTarget: "Stage6Tests")
            == ["the suite no longer prints: protocol witness for Q.g()"])
    }

    @Test("SwiftPM's signal line, landed inside a backtrace line, is taken out before matching")
    func interleaved() {
        let output = " 6 [ra] [thunk] 0x1 protocol witness for P.f() in conformance Cerror: Process 'T.xctest' exited with unexpected signal code 4\n + 104 in T.xctest\n"
        #expect(SlowChecks.suiteMismatches(expected: ["protocol witness for P.f() in conformance C + 104", "exit: trapped"],
                                           output: output, testTarget: "Stage6Tests").isEmpty)
    }

    @Test("without exit: trapped a run must finish, and a trap fails")
    func finishes() {
        #expect(SlowChecks.suiteMismatches(expected: ["✔ Test run with 2 tests"], output: finished, testTarget: "Stage6Tests").isEmpty)
        #expect(SlowChecks.suiteMismatches(expected: ["✔ Test run with 2 tests"], output: trapped, testTarget: "Stage6Tests").first?
            .hasPrefix("the Stage6Tests run did not finish") == true)
    }
}

@Suite("An excerpt's errors=N and warnings=N are measured")
struct ExcerptCountTests {
    @Test("the counts compare with the target's diagnostics, deprecations and other targets aside")
    func counts() {
        let diagnostics: Set<String> = [
            "Sources/Stage6_Approachable/A.swift:1:1: error: one",
            "Sources/Stage6_Approachable/A.swift:2:1: error: two",
            "Sources/Stage6_Approachable/A.swift:3:1: warning: 'f()' is deprecated",
            "Sources/tracker/B.swift:1:1: error: elsewhere",
        ]
        let fence = Note(path: "Steps/t.md", text: "```text compiler=Stage6_Approachable excerpt errors=2 warnings=0\nx\n```\n").fences[0]
        #expect(SlowChecks.countProblems(fence, target: "Stage6_Approachable", diagnostics: diagnostics).isEmpty)
        let wrong = Note(path: "Steps/t.md", text: "```text compiler=Stage6_Approachable excerpt errors=11\nx\n```\n").fences[0]
        #expect(SlowChecks.countProblems(wrong, target: "Stage6_Approachable", diagnostics: diagnostics)
            == ["the block says errors=11; the build prints 2"])
    }
}
