import NotesKit
import Testing

@Suite("Figures in a note's prose are counted by a compiler block of their section")
struct FiguresTests {
    func problems(_ text: String) -> [String] {
        Figures.check(Note(path: "Steps/test.md", text: text), text: text).map(\.message)
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
    }
}

