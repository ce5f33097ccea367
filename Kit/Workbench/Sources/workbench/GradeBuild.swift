import Foundation
import MatrixKit

// Grading, step 1: build the exercise package, and grade the lines the build and the
// sources answer (the build, diagnostics, patterns, untouched folders, the launch's global).

/// What the build said.
struct BuildOutcome {
    let result: ProcessResult
    /// Warnings and errors in the exercise's folder.
    let diagnostics: [Diagnostic]
    var errors: [Diagnostic] { diagnostics.filter { $0.severity == "error" } }

    /// The first errors, or the end of the build's output when none is in the exercise's folder.
    var errorLines: [String] {
        let details = errors.prefix(6).map { "\($0.path):\($0.line):\($0.column): \($0.message)" }
        return details.isEmpty ? [result.tail(12)] : details
    }
}

extension Grader {
    func build(_ run: GradingRun) -> BuildOutcome {
        let exercise = run.exercise
        // Complete diagnostics need every file compiled, not only the edited ones.
        let hasDiagnostic = run.graded.contains {
            switch $0 {
            case .diagnostic, .launchGlobalQuiet, .noWarnings: true
            default: false
            }
        }
        if hasDiagnostic { touchSources(exercise) }
        let result = run.shell.run(["swift", "build", "--build-tests"]
            + Workspace.buildArguments(scratch: run.scratch, tsan: exercise.usesTSan))
        return BuildOutcome(result: result, diagnostics: Self.diagnostics(in: result.output, folder: exercise.editedFolder))
    }

    /// The lines graded without running anything, in the order of the exercise's signals.
    func buildFindings(_ run: GradingRun, _ build: BuildOutcome) -> [Finding] {
        let exercise = run.exercise
        let output = build.result.output
        var findings: [Finding] = []
        for signal in run.graded {
            switch signal {
            case .builds:
                let title = "it builds in \(exercise.settings.words)"
                findings.append(build.result.succeeded
                    ? Finding(signal.subject, .pass, title: title)
                    : Finding(signal.subject, .fail, title: title, details: build.errorLines))
            case .diagnostic(let text):
                findings.append(diagnosticFinding(text, build, subject: signal.subject))
            case .noWarnings:
                findings.append(noWarningsFinding(build, title: Self.title(of: signal, in: exercise), subject: signal.subject))
            case .absent(_, let pattern, let what):
                let matches = sourceMatches(pattern, in: exercise)
                findings.append(Finding(signal.subject, matches.isEmpty ? .pass : .fail, title: what,
                    details: matches.prefix(4).map { "still there: \($0)" }))
            case .launchGlobalQuiet where !output.isEmpty:
                findings.append(gradeLaunchGlobal(exercise, quiet: true, diagnostics: build.diagnostics, shell: run.shell,
                                                  scratch: run.scratch, subject: signal.subject))
            case .launchGlobalIsolated where build.result.succeeded:
                findings.append(gradeLaunchGlobal(exercise, quiet: false, diagnostics: build.diagnostics, shell: run.shell,
                                                  scratch: run.scratch, subject: signal.subject))
            case .untouched(let folder):
                let edited = workspace.edits(to: exercise).filter { $0.hasPrefix(folder + "/") }
                findings.append(Finding(
                    signal.subject, edited.isEmpty ? .pass : .fail, title: "\(signal)",
                    details: edited.prefix(4).map { "edited: Exercise/Sources/\($0)" }))
            default: break
            }
        }
        return findings
    }

    private func noWarningsFinding(_ build: BuildOutcome, title: String, subject: Subject) -> Finding {
        guard build.result.succeeded else { return Finding(subject, .notMeasured, title: title, details: ["the build failed"]) }
        let warnings = build.diagnostics.filter { $0.severity == "warning" }
        return Finding(subject, warnings.isEmpty ? .pass : .fail, title: title,
                       details: warnings.prefix(6).map { "\($0.path):\($0.line):\($0.column): warning: \($0.message)" })
    }

    private func diagnosticFinding(_ text: String, _ build: BuildOutcome, subject: Subject) -> Finding {
        let title = "the diagnostic \"\(text)\" is gone"
        let named = build.diagnostics.filter { $0.message.contains(text) }
        if !build.result.output.isEmpty, named.isEmpty, build.result.succeeded || !build.errors.isEmpty {
            return Finding(subject, .pass, title: title)
        } else if named.isEmpty {
            return Finding(subject, .notMeasured, title: title, details: ["the build stopped before the compiler checked it"])
        }
        return Finding(subject, .fail, title: title,
            details: named.prefix(4).map { "still there: \($0.path):\($0.line):\($0.column): \($0.severity): \($0.message)" })
    }

    /// When the build failed: why, and every line that could not be measured.
    func unbuiltFindings(_ run: GradingRun, _ build: BuildOutcome, graded: [Finding]) -> [Finding] {
        var findings: [Finding] = []
        if !run.graded.contains(where: { if case .builds = $0 { true } else { false } }) {
            findings.append(Finding(Subject(.build), .fail, title: "it builds", details: build.errorLines))
        }
        for signal in run.graded where !graded.contains(where: { $0.subject == signal.subject }) {
            findings.append(Finding(signal.subject, .notMeasured, title: "\(signal)", details: ["not measured: the exercise does not build"]))
        }
        if run.exercise.room.runsApp {
            findings.append(Finding(Grader.behaviourSubject, .notMeasured, title: Grader.behaviourTitle, details: ["not measured: the exercise does not build"]))
        }
        return findings
    }
}
