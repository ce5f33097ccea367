import ExplainKit
import Foundation
import Testing

/// The program runner fails a program whose line routes elsewhere, whose fix still prints a
/// diagnostic, or whose fixed run prints something else; it passes a program that holds.
struct ProgramRunnerTests {
    static func run(_ programs: [String: String]) throws -> [String] {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("programs-\(UUID().uuidString)")
        let folder = root.appendingPathComponent("Kit/Explain/programs")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        for (name, text) in programs { try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        return ProgramRunner(root: root, scratch: root.appendingPathComponent("scratch"), router: Router(table: Kit.table)) { _ in }
            .run().problems
    }

    static let shape = """
        // source: https://example.org/issue
        // flags: -swift-version 6
        // expect: EXPECT
        // runs: RUNS
        #if FIXED
        struct Counter { static let start = 1 }
        @main enum Run { static func main() { print(Counter.start) } }
        #else
        struct Counter { static var start = 1 }
        #endif
        """

    @Test func aProgramThatHoldsPasses() throws {
        let text = Self.shape.replacingOccurrences(of: "EXPECT", with: "global-mutable-state").replacingOccurrences(of: "RUNS", with: "1")
        #expect(try Self.run(["good.swift": text]).isEmpty)
    }

    @Test func aWrongRowAWrongOutputAndAFixThatFailsAreProblems() throws {
        let wrongRow = Self.shape.replacingOccurrences(of: "EXPECT", with: "sending-value").replacingOccurrences(of: "RUNS", with: "1")
        let wrongRun = Self.shape.replacingOccurrences(of: "EXPECT", with: "global-mutable-state").replacingOccurrences(of: "RUNS", with: "2")
        let badFix = Self.shape.replacingOccurrences(of: "EXPECT", with: "global-mutable-state")
            .replacingOccurrences(of: "static let start = 1 }", with: "static var start = 1 }")
        let problems = try Self.run(["a.swift": wrongRow, "b.swift": wrongRun, "c.swift": badFix])
        #expect(problems.contains { $0.contains("a.swift") && $0.contains("no line routes to sending-value") })
        #expect(problems.contains { $0.contains("b.swift") && $0.contains("printed '1', not '2'") })
        #expect(problems.contains { $0.contains("c.swift") && $0.contains("after its fix it still prints") })
    }

    /// A wrong fix whose branch still fails passes; one that builds cleanly is a problem.
    @Test func aWrongFixMustStillFail() throws {
        let text = """
            // source: https://example.org/issue
            // flags: -swift-version 6
            // expect: global-mutable-state
            // wrong: STILL_VAR NOW_LET
            #if FIXED
            struct Counter { static let start = 1 }
            #elseif STILL_VAR
            struct Counter { static var start = 2 }
            #elseif NOW_LET
            struct Counter { static let start = 3 }
            #else
            struct Counter { static var start = 1 }
            #endif
            """
        let problems = try Self.run(["w.swift": text])
        #expect(problems.count == 1)
        #expect(problems.first?.contains("its wrong fix NOW_LET builds without a diagnostic of its kind") == true)
    }

    /// `before: runs`: the unfixed program is run, and its trap is what routes.
    @Test func aProgramThatRunsBeforeItsFixRoutesItsTrap() throws {
        let text = """
            // source: https://example.org/issue
            // flags: -swift-version 6
            // expect: continuation-resumed-twice
            // before: runs
            // runs: 1
            @main enum Run {
                static func main() async {
                    let value = await withCheckedContinuation { (continuation: CheckedContinuation<Int, Never>) in
                        continuation.resume(returning: 1)
            #if FIXED
            #else
                        continuation.resume(returning: 2)
            #endif
                    }
                    print(value)
                }
            }
            """
        #expect(try Self.run(["r.swift": text]).isEmpty)
        let routesElsewhere = text.replacingOccurrences(of: "continuation-resumed-twice", with: "continuation-leaked")
        #expect(try Self.run(["e.swift": routesElsewhere]).contains { $0.contains("no line routes to continuation-leaked") })
    }
}
