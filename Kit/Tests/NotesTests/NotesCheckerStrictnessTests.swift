import Foundation
import MatrixKit
import NotesKit
import Testing

@Suite("A (no diagnostics) note block needs a compile that ran and succeeded")
struct NoDiagnosticsProofTests {
    @Test("silence from a failed build, or a build that compiled nothing, proves nothing")
    func proof() {
        let good = "[3/6] Emitting module Stage5_Swift6\n[4/9] Compiling Stage5_Swift6 CoffeeData.swift\nBuild of target: 'Stage5_Swift6' complete! (1.2s)\n"
        #expect(SlowChecks.compileProofMissing(target: "Stage5_Swift6", status: 0, output: good) == nil)
        #expect(SlowChecks.compileProofMissing(target: "Stage5_Swift6", status: 1, output: good) == "the build failed (exit 1)")
        #expect(SlowChecks.compileProofMissing(target: "Stage5_Swift6", status: 0, output: "Build of target: 'Stage5_Swift6' complete!")
            == "the build log shows no compile job of Stage5_Swift6")
    }
}

@Suite("The notes checker's strictness")
struct NotesStrictnessTests {
    let package = PackageFacts(containing: #filePath)

    func problems(_ text: String) -> [Problem] {
        QuickChecks(package: package).check(Note(path: "Steps/test.md", text: text))
    }

    @Test("an illustration may not hold TSan output or compiler locations; other illustrations pass")
    func illustrations() {
        #expect(!problems("```text illustration\nWARNING: ThreadSanitizer: data race\n```\n").isEmpty)
        #expect(!problems("```text illustration\n  Write of size 1 by thread T1:\n```\n").isEmpty)
        #expect(!problems("```text illustration\nSources/Stage0_GCD/A.swift:3:4: warning: x\n```\n").isEmpty)
        #expect(problems("```swift illustration\nlet x = 1\n```\n").isEmpty)
    }

    @Test("empty blocks, unknown rows and scenario-less tsan blocks fail")
    func emptyAndUnknown() {
        #expect(problems("```swift illustration\n```\n").map(\.message) == ["an empty code block"])
        #expect(problems("```text tsan=Stage0_GCD race=no-such-row\n(no report)\n```\n").map(\.message)
            == ["a tsan block needs race=ROW naming a catalogue row"])
        // A real row measured by the compiler: there is no scenario to run.
        #expect(problems("```text tsan=Stage0_GCD race=controller-crosses-domains\n(no report)\n```\n").map(\.message)
            == ["no race scenario for controller-crosses-domains: its tsan block, (no report) included, could not be run"])
    }

    @Test("a quoted report matches per access: kind, thread kind and each location, in the same report")
    func perAccess() throws {
        let block = """
            WARNING: ThreadSanitizer: data race
              Read of size 1 by main thread:
                #0 ContentView.healthLine.getter Sources/Stage1_AsyncAwait/Views.swift:28
              Previous write of size 1 by thread T1:
                #0 closure #1 in ExtensionDelegate.applicationDidFinishLaunching() Sources/Stage1_AsyncAwait/ExtensionDelegate.swift:18
            """
        let log = try String(contentsOf: package.url("Kit/Tests/KitTests/Fixtures/stage1-health-access.tsan"), encoding: .utf8)
        let reports = TSanLogParser.reports(in: log)
        let quoted = try #require(QuotedReport(lines: block.components(separatedBy: "\n")))
        #expect(quoted.mismatch(in: reports) == nil)
        // Read and write swapped; main and pool swapped; a line edited; locations moved to the other access.
        for edited in [
            block.replacingOccurrences(of: "Read of size 1 by main", with: "Write of size 1 by main"),
            block.replacingOccurrences(of: "by main thread", with: "by thread T2"),
            block.replacingOccurrences(of: "Views.swift:28", with: "Views.swift:29"),
            block.replacingOccurrences(of: "Views.swift:28", with: "X").replacingOccurrences(of: "ExtensionDelegate.swift:18", with: "Views.swift:28"),
        ] {
            let changed = try #require(QuotedReport(lines: edited.components(separatedBy: "\n")))
            #expect(changed.mismatch(in: reports) != nil, "\(edited)")
        }
    }
}

@Suite("Quoted reports")
struct QuotedReportsTests {
    @Test("a block quoting two reports gives two, each with its accesses")
    func two() {
        let lines = """
            WARNING: ThreadSanitizer: data race
              Read of size 8 by thread T9:
                #0 f Sources/S/A.swift:84
              Previous write of size 8 by main thread:
                #1 g Sources/S/A.swift:52

            WARNING: ThreadSanitizer: data race
              Write of size 8 by thread T9:
                #0 f Sources/S/A.swift:84
              Previous read of size 8 by main thread:
                #0 h Sources/S/A.swift:66
            """.components(separatedBy: "\n")
        let reports = QuotedReport.all(in: lines)
        #expect(reports.map { $0.accesses.map(\.kind) } == [["read", "write"], ["write", "read"]])
        #expect(reports.map { $0.accesses.map(\.onMain) } == [[false, true], [false, true]])
        #expect(reports[1].accesses[1].locations == ["Sources/S/A.swift:66"])
    }
}
