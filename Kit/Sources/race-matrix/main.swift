import Foundation
import MatrixKit
import TrackerSpec

// Scripts/race-matrix: measures every cell of the defect catalogue (defect × stage), prints
// the matrix as Markdown (written to the tracked Steps/MATRIX.md with --write only) and exits
// non-zero when a measured cell differs from the catalogue. Run from the package root (the
// script cds there).

let started = Date()

let options: MatrixOptions
do {
    options = try MatrixOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    printError("race-matrix: \(error)\n\n\(MatrixOptions.usage)")
    exit(2)
}
if options.help {
    print(MatrixOptions.usage)
    exit(0)
}

let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
guard FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) else {
    printError("race-matrix: run it from the package root (no Package.swift in \(root.path))")
    exit(2)
}
let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("race-matrix-\(getpid())")
try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)

/// Ends the process, removing the scratch directory first (`exit` runs no `defer`).
func finish(_ status: Int32) -> Never {
    try? FileManager.default.removeItem(at: scratch)
    exit(status)
}

let shell = Shell(directory: root, scratch: scratch)
let stages = Stage.all.filter { options.stages?.contains($0.number) ?? true }
var matrix = Matrix(stages: stages, runs: options.runs)
var progress = Progress()

/// "[stage 2, 3/5]": the stage's number, then how far along the selected stages.
@MainActor func position(_ stage: Stage) -> String {
    "[stage \(stage.number), \((stages.firstIndex(of: stage) ?? 0) + 1)/\(stages.count)]"
}

/// Records an error: in the matrix (one line) and on stderr (with the output's tail).
@MainActor func fail(_ summary: String, _ failure: RunFailure) {
    matrix.errors.append("\(summary): \(failure.what)")
    progress.note("race-matrix: \(summary): \(failure.what)\n" + failure.output.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))
}

// 1. ThreadSanitizer: one build, then one process per (stage, run, scenario), one at a time.
if options.skipTSan {
    matrix.tsanSkipped = true
} else {
    let tsan = TSanRuns(runner: RaceScenarioRunner(shell: shell), sources: PackageSourceLines(root: root))
    progress.show("building with --sanitize=thread (\(RaceScenarioRunner.scratchPath))")
    let tsanLaunch: TestLaunch
    do {
        tsanLaunch = try tsan.runner.build()
    } catch {
        progress.clear()
        switch error {
        case .unavailable(let output):
            printError("race-matrix: ThreadSanitizer is not available with this toolchain (swift build --sanitize=thread failed):\n\(output)")
            finish(3)
        case .failed(let output):
            printError("race-matrix: swift build --build-tests --sanitize=thread failed:\n\(output)")
            finish(1)
        }
    }
    // The canary first: were the simulators to order two accesses, every cell below could lie.
    var canary = CanaryTally()
    for run in 1...options.runs {
        progress.show("the simulators' canary, run \(run)/\(options.runs)")
        switch tsan.runCanary(launch: tsanLaunch) {
        case .success(let reports): canary.record(reports)
        case .failure(let failure): fail("the simulators' canary, run \(run)", failure)
        }
    }
    matrix.canary = canary
    let scenarios = Check.races.compactMap(\.defect)
    for stage in stages {
        var tally = TSanTally(runs: options.runs)
        for run in 1...options.runs {
            for scenario in scenarios {
                progress.show("\(position(stage)) \(scenario) run \(run)/\(options.runs)")
                var outcome = tsan.run(scenario: scenario, stage: stage, launch: tsanLaunch)
                // TSan misses a race now and then on a loaded machine (a run with no report of
                // it, never another instead): a row the catalogue has in this stage that its
                // scenario did not show runs up to twice more, as the notes' TSan blocks do.
                // A race that is really gone fails all three.
                let expected = Catalogue.defects.first { $0.id == scenario }?.isPresent(in: stage.number) == true
                for rerun in 1...2 {
                    guard expected, case .success(let findings) = outcome, !findings.contains(where: { $0.rows.contains(scenario) }) else { break }
                    progress.show("\(position(stage)) \(scenario) run \(run)/\(options.runs): no report of it; try \(rerun + 1) of 3")
                    outcome = tsan.run(scenario: scenario, stage: stage, launch: tsanLaunch)
                }
                switch outcome {
                case .success(let findings):
                    tally.record(run: run, scenario: scenario, findings: findings)
                case .failure(let failure):
                    fail("stage \(stage.number), scenario \(scenario), run \(run)", failure)
                }
            }
        }
        matrix.tsan[stage.number] = tally
    }
}

// 2. The suite and watchdog rows: each stage's shared suite, --runs times, in the normal build.
if options.skipSuite {
    matrix.verdicts = nil
} else {
    let suites = SuiteRuns(shell: shell)
    progress.show("building the tests (swift build --build-tests)")
    switch suites.build() {
    case .failure(let failure):
        fail("the suite build", failure)
    case .success(let launch):
        var verdicts = SuiteVerdicts()
        // With --runs N each suite runs N times: a verdict that differs between runs is a
        // problem the matrix reports (SuiteVerdicts), not a cell that happens to agree.
        for stage in stages {
            for run in 1...options.runs {
                progress.show("\(position(stage)) shared suite run \(run)/\(options.runs)")
                let (lines, result) = suites.run(stage: stage, launch: launch)
                // Only this stage's lines: a stray verdict for another stage must not fill its cells.
                let ownLines = lines.split(separator: "\n").filter { $0.hasPrefix("\(stage.number)\t") }.joined(separator: "\n")
                let stageVerdicts = SuiteVerdicts(parsing: ownLines)
                verdicts.add(ownLines)
                if !result.succeeded {
                    // A suite fails where a row differs from the catalogue (the matrix shows that
                    // cell); a failure with no such cell is an error of its own.
                    let explained = Catalogue.defects.contains { defect in
                        guard defect.measuredBy == .suite, let present = stageVerdicts.verdict(stage: stage.number, defect: defect.id) else {
                            return false
                        }
                        return present != defect.isPresent(in: stage.number)
                    }
                    if !explained {
                        fail("the stage \(stage.number) suite", RunFailure(what: result.failure, output: result.tail(25)))
                    }
                }
            }
        }
        matrix.verdicts = verdicts
    }
}

// 3. The compiler row: each stage recompiled under complete checking.
if options.skipStatic {
    matrix.diagnostics = nil
} else {
    let strict = StrictBuilds(shell: shell)
    for stage in stages {
        progress.show("\(position(stage)) -strict-concurrency=complete build")
        switch strict.run(stage: stage) {
        case .success(let (diagnostics, proof)):
            matrix.diagnostics?[stage.number] = diagnostics
            matrix.compileProofs[stage.number] = proof
        case .failure(let failure): fail("stage \(stage.number) strict build", failure)
        }
    }
}
progress.clear()

// The report: stdout, the Markdown file, then what disagrees.
let markdown = MarkdownReport.render(matrix, command: options.command)
print(markdown)
if let path = options.outputPath {
    let url = URL(fileURLWithPath: path, relativeTo: root)
    do {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try markdown.write(to: url, atomically: true, encoding: .utf8)
        print("Written to \(path).")
    } catch {
        matrix.errors.append("cannot write \(path): \(error)")
    }
}
let mismatches = matrix.mismatches
let unexpected = matrix.unexpectedReports
let errors = matrix.allErrors
if matrix.agreesWithCatalogue {
    print("The matrix agrees with the catalogue.")
} else {
    print("The matrix differs from the catalogue: \(mismatches.count) mismatch(es), \(unexpected.count) unexpected report(s), \(errors.count) error(s).")
    for cell in mismatches {
        print("- MISMATCH \(cell.defect.id), stage \(cell.stage): \(cell.mismatch ?? "")")
    }
    for report in unexpected {
        print("- UNEXPECTED stage \(report.stage), scenario \(report.scenario), \(report.runs)/\(matrix.runs) runs: \(report.description)")
    }
    for error in errors {
        print("- ERROR \(error)")
    }
}
printError(String(format: "wall time: %.0f s", Date().timeIntervalSince(started)))
finish(matrix.agreesWithCatalogue ? 0 : 1)
