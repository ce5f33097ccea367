import NotesKit
import Testing

@Suite("A timeline block is compared by its words, in order")
struct TimelineBlockTests {
    let output = """
        Where the work ran: Stage 0 (GCD and completion handlers)
          M   main thread (the main actor)
          Q   queue CoffeeData.background (the app's own)
        ── 08:00  Another app logs a 95 mg coffee in Health
           43.4     ┃           ●                 H3  query results
           53.1  ┬                                M   write drinks.plist (sync on CoffeeData.background)
                 ▓                                    ⚑ main-thread-blocked: a refresh's save stalls main (32.4 ms)
        """

    @Test("times, lane marks, decimals and the width of spaces are not the words")
    func words() {
        #expect(TimelineBlock.words(of: "   43.4     ┃           ●                 H3  query results") == "H3 query results")
        #expect(TimelineBlock.words(of: "  M   main thread (the main actor)") == "M main thread (the main actor)")
        #expect(TimelineBlock.words(of: "── 08:00  Another app") == "08:00 Another app")
        #expect(TimelineBlock.words(of: "      ▓       ⚑ stalls main (32.4 ms)") == "stalls main (N ms)")
    }

    @Test("a block's lines must appear in the output in the block's order, whatever the timings")
    func order() {
        let block = [
            "  M   main thread (the main actor)",
            "   12.0  ●                                M   write drinks.plist (sync on CoffeeData.background)",
            "         ▓                                    ⚑ main-thread-blocked: a refresh's save stalls main (20.0 ms)",
        ]
        #expect(TimelineBlock.firstMissing(block, in: output) == nil)
        #expect(TimelineBlock.firstMissing(block.reversed(), in: output) != nil)
        // Another lane is another fact.
        #expect(TimelineBlock.firstMissing(["   43.4  ●   Q   query results"], in: output) == "   43.4  ●   Q   query results")
        #expect(TimelineBlock.firstMissing(["  A1  actor CoffeeDataStore"], in: output) != nil)
    }

    @Test("a timeline block names a stage and has words")
    func strictness() {
        let checks = QuickChecks(package: PackageFacts(containing: #filePath))
        let note = { (text: String) in Note(path: "Steps/test.md", text: text) }
        #expect(checks.check(note("```text timeline=0\n  M   main thread (the main actor)\n```\n")).isEmpty)
        #expect(checks.check(note("```text timeline=9\n  M   main thread\n```\n")).map(\.message)
            == ["a timeline block needs timeline=N naming a stage, not 9"])
        #expect(checks.check(note("```text timeline=0\n   12.0  ┃\n```\n")).map(\.message) == ["a timeline block with no words checks nothing"])
    }
}
