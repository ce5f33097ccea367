import Foundation

/// A plausible wrong answer to an exercise, kept beside its solution as
/// Kit/Workbench/Exercises/SLUG/wrong-NAME.patch: a patch against the starting state whose
/// header (the text before the diff, which `patch` skips) says what it is and why it must
/// fail:
///
///     Wrong answer: what the learner did, in a sentence.
///     Fails on: the subject of the grade's line that must fail: a signal's or a guard's
///               ("race:race-query-anchor", "check:…", "build"), or "behaviour" (the behaviour checks)
///     Saying: text that line's details must hold (optional: the reason, not just the line)
///
/// `verify` applies each to a fresh start and requires that failing line, for that reason.
struct WrongAnswer {
    let name: String
    /// From the package root.
    let patch: String
    let what: String
    /// nil when the header names no subject (a problem verify reports).
    let failsOn: Subject?
    let saying: String?

    static func all(of exercise: Exercise, root: URL) -> [WrongAnswer] {
        let folder = root.appendingPathComponent(exercise.wrongAnswersFolder)
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasPrefix("wrong-") && $0.hasSuffix(".patch") }.sorted()
        return files.map { file in
            let text = (try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)) ?? ""
            func field(_ key: String) -> String? {
                text.split(separator: "\n").prefix { !$0.hasPrefix("--- ") }.first { $0.hasPrefix("\(key): ") }
                    .map { String($0.dropFirst(key.count + 2)).trimmingCharacters(in: .whitespaces) }
            }
            return WrongAnswer(
                name: String(file.dropFirst("wrong-".count).dropLast(".patch".count)),
                patch: "\(exercise.wrongAnswersFolder)/\(file)",
                what: field("Wrong answer") ?? "", failsOn: field("Fails on").flatMap { Subject(parsing: $0) }, saying: field("Saying"))
        }
    }

    /// The solution, posing as a wrong answer (`verify --solution-as-wrong`): verify must fail.
    static func solutionAsWrong(_ exercise: Exercise) -> WrongAnswer {
        WrongAnswer(
            name: "solution-as-wrong", patch: exercise.solutionPatch, what: "the kit's solution",
            failsOn: Grader.behaviourSubject, saying: nil)
    }

    /// Why this wrong answer's grade does not prove what it should; nil when it does.
    func problem(with grade: Grade) -> String? {
        guard !what.isEmpty, let failsOn else { return "its header needs \"Wrong answer:\" and \"Fails on: SUBJECT\" lines" }
        let failing = grade.findings.filter { $0.verdict.fails }
        if failing.isEmpty {
            let measured = grade.findings.filter { $0.verdict == .pass }.map { "\"\($0.title)\"" }
            return "it passes (\(measured.joined(separator: ", "))): the grade cannot tell it from a right answer"
        }
        // A shared check that is no signal of the exercise fails inside the behaviour line.
        let named = failsOn.kind == .behaviour && !failsOn.id.isEmpty
        let inBehaviour = failing.first { named && $0.subject == Grader.behaviourSubject && $0.failing.contains(failsOn.id) }
        guard let line = failing.first(where: { $0.subject == failsOn }) ?? inBehaviour else {
            return "it fails, but not on \(failsOn): on " + failing.map { "\($0.subject) (\($0.title))" }.joined(separator: ", ")
        }
        if let saying, !line.details.joined(separator: "\n").contains(saying) {
            return "it fails on \(failsOn), but not saying \"\(saying)\": \(line.details.joined(separator: "; "))"
        }
        return nil
    }
}

/// A correct answer that differs from the kit's solution, kept beside it as
/// Kit/Workbench/Exercises/SLUG/right-NAME.patch: a patch against the starting state whose
/// header says what it is:
///
///     Right answer: what the learner did, in a sentence.
///
/// `verify` applies each to a fresh start and requires the full grade to pass: a grade that
/// fails a right answer teaches the learner to distrust it.
struct RightAnswer {
    let name: String
    /// From the package root.
    let patch: String
    let what: String

    static func all(of exercise: Exercise, root: URL) -> [RightAnswer] {
        let folder = root.appendingPathComponent(exercise.wrongAnswersFolder)
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasPrefix("right-") && $0.hasSuffix(".patch") }.sorted()
        return files.map { file in
            let text = (try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)) ?? ""
            let what = text.split(separator: "\n").prefix { !$0.hasPrefix("--- ") }.first { $0.hasPrefix("Right answer: ") }
                .map { String($0.dropFirst("Right answer: ".count)).trimmingCharacters(in: .whitespaces) }
            return RightAnswer(
                name: String(file.dropFirst("right-".count).dropLast(".patch".count)),
                patch: "\(exercise.wrongAnswersFolder)/\(file)", what: what ?? "")
        }
    }

    /// The exercise's first wrong answer, posing as a right one (`verify --wrong-as-right`):
    /// verify must fail.
    static func wrongAsRight(_ exercise: Exercise, root: URL) -> [RightAnswer] {
        WrongAnswer.all(of: exercise, root: root).prefix(1).map {
            RightAnswer(name: "wrong-as-right", patch: $0.patch, what: "the wrong answer \($0.name)")
        }
    }

    /// Why this right answer's grade does not prove what it should; nil when it passes.
    func problem(with grade: Grade) -> String? {
        if what.isEmpty { return "its header needs a \"Right answer:\" line" }
        if grade.passed { return nil }
        let failing = grade.findings.filter { $0.verdict != .pass }
        return "it does not pass: " + failing.map { "\"\($0.title)\": \($0.details.prefix(3).joined(separator: "; "))" }.joined(separator: " | ")
    }
}
