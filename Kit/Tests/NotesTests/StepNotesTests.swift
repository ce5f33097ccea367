import Foundation
import NotesKit
import Testing

/// The quick half of `Scripts/check-notes`, so that `swift test` fails as soon as an
/// excerpt, a diff, a command or a name in Steps/ stops being true of the package.
@Suite("Step notes")
struct StepNotesTests {
    let package = PackageFacts(containing: #filePath)

    @Test("every excerpt, diff, flip, command and name in Steps/ is true of the package")
    func notesAreTrue() {
        let problems = package.notes().flatMap(QuickChecks(package: package).check)
        #expect(problems.isEmpty, "\(problems.map(\.description).joined(separator: "\n"))")
    }

    @Test("an excerpt that is no longer in its source file is caught")
    func staleExcerptIsCaught() {
        let note = Note(path: "Steps/stale.md", text: """
            ```swift source=Sources/Stage0_GCD/HealthKitController.swift
                    guard isAvailable else { return false }
            ```
            """)
        let problems = QuickChecks(package: package).check(note)
        #expect(problems.map(\.line) == [1])
    }

    @Test("an unmarked code block, a missing path and an unknown test target are caught")
    func unverifiableContentIsCaught() {
        let note = Note(path: "Steps/bad.md", text: """
            See `Sources/Stage0_GCD/Nothing.swift` and `Stage7Tests`.

            ```swift
            let x = 1
            ```

            ```sh run
            swift test --filter Stage7Tests
            ```
            """)
        let problems = QuickChecks(package: package).check(note)
        #expect(problems.count == 4, "\(problems)")
    }

    @Test("migrate's output is compared without the scratch copy's path and without durations")
    func migrateLinesAreNormalised() {
        #expect(SlowChecks.normalisedMigrateLine("> Applied 0 fix-its in 0 files (0.004s)") == "> Applied 0 fix-its in 0 files")
        #expect(SlowChecks.normalisedMigrateLine("Build of target: 'T' complete! (8.88s)") == "Build of target: 'T' complete!")
        #expect(SlowChecks.normalisedMigrateLine("/tmp/x/Sources/T/A.swift:3:4: warning: w") == "Sources/T/A.swift:3:4: warning: w")
    }

    @Test("a diff excerpt and a catalogue flip that match the package pass")
    func trueBlocksPass() {
        let note = Note(path: "Steps/true.md", text: """
            ```diff stages=0..1 file=CoffeeData.swift
            -        healthKitController.save(drink)
            +        Task {
            +            await healthKitController.save(drink)
            +        }
            ```

            ```text flips step=5
            fixed duplicate-import
            fixed strict-concurrency-diagnostics
            ```
            """)
        #expect(QuickChecks(package: package).check(note).isEmpty)
    }
}
