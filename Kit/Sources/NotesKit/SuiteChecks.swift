import Foundation

extension SlowChecks {
    /// Runs one stage's shared suite (`suite=StageNTests`) under Swift Testing on the state
    /// the fence names (`copy=`, `patch=`), and requires every line of the block in its
    /// output. Numbers with a decimal point (timings, measured stalls) compare as "N", and
    /// the run must end as the block says: with `✘ Test run` lines, a failed run.
    func checkSuite(_ fence: Note.Fence, testTarget: String, in note: Note) -> [Problem] {
        let problem = { (message: String) in [Problem(note.path, fence.line, message)] }
        guard package.testTargets.contains(testTarget) else { return problem("no test target \(testTarget)") }
        let expected = fence.content.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !expected.isEmpty else { return problem("an empty suite block checks nothing") }
        let scratch = self.scratch.appendingPathComponent("suite")
        if let failure = prepareState(fence, in: scratch) { return problem(failure) }
        let result = run(["swift", "test", "--disable-xctest", "--filter", "^\(testTarget)\\."], in: scratch)
        let printed = result.output.components(separatedBy: "\n").map(Self.normalisedSuiteLine)
        guard printed.contains(where: { $0.contains("Test run with") }) else {
            return problem("the \(testTarget) run did not finish: \(result.output.suffix(300))")
        }
        return expected.map(Self.normalisedSuiteLine).filter { line in !printed.contains { $0.contains(line) } }.map {
            Problem(note.path, fence.line, "the suite no longer prints: \($0)")
        }
    }

    /// A line of Swift Testing's output with its measured numbers replaced.
    public static func normalisedSuiteLine(_ line: String) -> String {
        line.trimmingCharacters(in: .whitespaces)
            .replacingOccurrences(of: #"\d+\.\d+"#, with: "N", options: .regularExpression)
    }
}
