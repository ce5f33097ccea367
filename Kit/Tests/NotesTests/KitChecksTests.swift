import Foundation
import NotesKit
import Testing

/// The kit-wide half of the quick checks: probes shown with their output, patch headers.
@Suite("Probes and patches")
struct KitChecksTests {
    let package = PackageFacts(containing: #filePath)

    @Test("every probe is shown with its output, and every patch that adds a file has a /dev/null header")
    func kitIsConsistent() {
        let problems = KitChecks(package: package).check(notes: package.notes())
        #expect(problems.isEmpty, "\(problems.map(\.description).joined(separator: "\n"))")
    }

    @Test("a probe block that no longer quotes its file, and an output block for no probe, are caught")
    func staleProbeBlocksAreCaught() {
        let note = Note(path: "Steps/probe.md", text: """
            ```swift probe=task-order
            print("something else")
            ```

            ```text output=no-such-probe
            hello
            ```
            """)
        let problems = QuickChecks(package: package).check(note)
        #expect(problems.map(\.line) == [1, 5], "\(problems)")
    }

    @Test("a quoted `workbench start` must name an exercise by its slug, with its number beside it if any")
    func workbenchStartsNameRealExercises() {
        let note = Note(path: "Steps/starts.md", text: """
            Exercise 8 (`Scripts/workbench start join-load`) is fine.
            `Scripts/workbench start 12` names a number; `Scripts/workbench start no-such-exercise` nothing.
            Exercise 3 (`Scripts/workbench start join-load`) has the wrong number.
            """)
        let problems = KitChecks(package: package).check(notes: [note]).filter { $0.file == note.path }
        #expect(problems.map(\.line) == [2, 2, 3], "\(problems)")
    }
}
