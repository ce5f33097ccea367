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
}
