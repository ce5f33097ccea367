import Foundation

/// Proves an exercise's catalogue of answers: each wrong one fails on the line its header
/// names, for its reason; each right one passes the full grade.
struct AnswerProof {
    let exercise: Exercise
    let options: VerifyOptions
    let tally: VerifyTally

    /// Applies `patch` to a fresh start; false (and a failure) when it does not apply.
    func prepare(_ patch: String, _ what: String) -> Bool {
        do {
            try workspace.prepare(exercise)
            try workspace.applyPatch(root.appendingPathComponent(patch))
            workspace.markExerciseChanged(exercise)
            return true
        } catch {
            tally.fail(exercise, "\(what): \(error)", slug: false)
            return false
        }
    }

    /// Returns how many were tried.
    func wrongAnswers() -> Int {
        let wrongs = options.wrongAnswers
            ? WrongAnswer.all(of: exercise, root: root) + (options.solutionAsWrong ? [WrongAnswer.solutionAsWrong(exercise)] : [])
            : []
        for wrong in wrongs where prepare(wrong.patch, "wrong answer \(wrong.name)") {
            let grade = Grader(workspace: workspace, shrinks: false).judgedGrade(exercise, focus: wrong.failsOn)
            if let problem = wrong.problem(with: grade) {
                print("   wrong answer \(wrong.name): \(problem)")
                tally.fail(exercise, "wrong answer \(wrong.name): \(problem)")
            } else {
                print("   wrong answer \(wrong.name): fails on \(wrong.failsOn.map(\.description) ?? "?")\(wrong.saying.map { ", saying \"\($0)\"" } ?? "") (\(String(format: "%.0f", grade.seconds)) s)")
                tally.wrong += 1
            }
        }
        if options.wrongAnswers && WrongAnswer.all(of: exercise, root: root).count < 2 {
            tally.fail(exercise, "fewer than two wrong answers in \(exercise.wrongAnswersFolder)")
        }
        return wrongs.count
    }

    /// The right answers other than the solution. Returns how many were tried.
    func rightAnswers() -> Int {
        let rights = options.wrongAnswers
            ? RightAnswer.all(of: exercise, root: root) + (options.wrongAsRight ? RightAnswer.wrongAsRight(exercise, root: root) : [])
            : []
        for right in rights where prepare(right.patch, "right answer \(right.name)") {
            let grade = Grader(workspace: workspace, shrinks: false).judgedGrade(exercise)
            if let problem = right.problem(with: grade) {
                print("   right answer \(right.name): \(problem)")
                tally.fail(exercise, "right answer \(right.name): \(problem)")
            } else {
                print("   right answer \(right.name): passes (\(String(format: "%.0f", grade.seconds)) s)")
                tally.right += 1
            }
        }
        return rights.count
    }
}
