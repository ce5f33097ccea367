import Foundation

extension SlowChecks {
    /// Runs one stage's shared suite (`suite=StageNTests`) under Swift Testing on the state
    /// the fence names (`copy=`, `patch=`), and requires every line of the block in its
    /// output. Numbers with a decimal point (timings, measured stalls) compare as "N", and
    /// the run must end as the block says: with `✘ Test run` lines, a failed run; with a
    /// last line `exit: trapped`, a run that a runtime check stopped.
    func checkSuite(_ fence: Note.Fence, testTarget: String, in note: Note) -> [Problem] {
        let problem = { (message: String) in [Problem(note.path, fence.line, message)] }
        guard package.testTargets.contains(testTarget) else { return problem("no test target \(testTarget)") }
        let expected = fence.content.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !expected.isEmpty else { return problem("an empty suite block checks nothing") }
        let scratch = self.scratch.appendingPathComponent("suite")
        if let failure = prepareState(fence, in: scratch) { return problem(failure) }
        // A trap's backtrace names the failing check; keep it plain text, and short.
        let backtrace = "enable=yes,interactive=no,color=no,threads=crashed,registers=none,images=none,limit=32"
        let result = run(["swift", "test", "--disable-xctest", "--filter", "^\(testTarget)\\."], in: scratch,
                         environment: ["SWIFT_BACKTRACE": backtrace])
        return Self.suiteMismatches(expected: expected, output: result.output, testTarget: testTarget).map {
            Problem(note.path, fence.line, $0)
        }
    }

    /// What a suite run's output does not bear out of a block's lines. The run must have
    /// finished ("Test run with …"), unless the block's last line is `exit: trapped`: then
    /// a runtime check must have stopped the test process (SIGILL on Linux, SIGTRAP on
    /// Apple silicon), and the other lines must be in what it printed, its backtrace too.
    public static func suiteMismatches(expected: [String], output: String, testTarget: String) -> [String] {
        // SwiftPM reports the signal while the test process's backtrace is still being
        // copied out, so its line can land inside a backtrace line: take it out first.
        let signalLine = #"error: Process '[^']*' exited with unexpected signal code (4|5)\b\n?"#
        let trapped = output.range(of: signalLine, options: .regularExpression) != nil
        let text = output.replacingOccurrences(of: signalLine, with: "", options: .regularExpression)
        let printed = text.components(separatedBy: "\n").map(Self.normalisedSuiteLine)
        var lines = expected
        if lines.last == "exit: trapped" {
            lines.removeLast()
            guard trapped else {
                return ["the \(testTarget) run did not stop on a trap: \(output.suffix(300))"]
            }
        } else if !printed.contains(where: { $0.contains("Test run with") }) {
            return ["the \(testTarget) run did not finish: \(output.suffix(300))"]
        }
        return lines.map(Self.normalisedSuiteLine).filter { line in !printed.contains { $0.contains(line) } }.map {
            "the suite no longer prints: \($0)"
        }
    }

    /// A line of Swift Testing's output with its measured numbers replaced.
    public static func normalisedSuiteLine(_ line: String) -> String {
        line.trimmingCharacters(in: .whitespaces)
            .replacingOccurrences(of: #"\d+\.\d+"#, with: "N", options: .regularExpression)
    }
}
