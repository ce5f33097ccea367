import Foundation
import MatrixKit

// Grading, step 2: run the grading tests (Kit/Workbench/Grading) in the exercise's test
// bundle: the behaviour checks, the row's defect check and the workbench's checks in one
// process, then each race scenario in a process of its own, under ThreadSanitizer.

/// What the grading tests wrote and how their processes ended.
struct TestOutcome {
    /// What the grading tests reported, one finding a JSON line (GradeReport.swift).
    var findings: [Finding] = []
    /// The process of the behaviour checks, the rows and the checks; nil when none was measured.
    var testRun: ProcessResult?
    /// The process of the explored days (the same as `testRun` when it ran nothing else).
    var daysRun: ProcessResult?
    var raceReports: [String: [TSanReport]] = [:]
    var raceRuns: [String: ProcessResult] = [:]

    /// Why the tests stopped, when they did not finish: a trap's own message first.
    func stopped(_ result: ProcessResult?) -> [String] { result.map(Grader.whyStopped) ?? ["no test ran"] }
}

extension Grader {
    func runTests(_ run: GradingRun) -> TestOutcome {
        let exercise = run.exercise
        let results = run.tmp.appendingPathComponent("results.jsonl")
        var outcome = TestOutcome()
        var subjects: [Subject] = run.measuresBehaviour ? [Self.behaviourSubject] : []
        for (index, signal) in run.graded.enumerated() where run.measured(index) {
            switch signal {
            case .row, .check: subjects.append(signal.subject)
            default: break
            }
        }
        if run.measuresInvariants { subjects.append(Subject(.invariant)) }
        let ignoredLogs = run.tmp.appendingPathComponent("ignored-tsan")
        try? FileManager.default.createDirectory(at: ignoredLogs, withIntermediateDirectories: true)
        let logs = exercise.usesTSan ? ignoredLogs : nil
        let days = Subject(.invariant)
        if subjects.contains(days) && subjects.count > 1 {
            // The explored days in a process of their own, beside the checks: both wait on
            // the app much of the time, so the grade takes the longer of the two, not both.
            let daysResults = run.tmp.appendingPathComponent("results-days.jsonl")
            // TSan's logs apart too: a process that crashed is run again on its own logs' word.
            let daysLogs = logs.map { _ in run.tmp.appendingPathComponent("ignored-tsan-days") }
            if let daysLogs { try? FileManager.default.createDirectory(at: daysLogs, withIntermediateDirectories: true) }
            let checks = subjects.filter { $0 != days }
            // One variable per process: two writes into one array at once would be
            // overlapping accesses to it (an exclusivity violation), not two separate stores.
            nonisolated(unsafe) var checksRun: ProcessResult?
            nonisolated(unsafe) var daysRun: ProcessResult?
            DispatchQueue.concurrentPerform(iterations: 2) { index in
                if index == 0 {
                    checksRun = runGradingTests(run, checks, results: results, tsanLogs: logs)
                } else {
                    daysRun = runGradingTests(run, [days], results: daysResults, tsanLogs: daysLogs)
                }
            }
            outcome.testRun = checksRun
            outcome.daysRun = daysRun
            let daysLines = (try? Data(contentsOf: daysResults)) ?? Data()
            if let handle = try? FileHandle(forWritingTo: results) {
                handle.seekToEndOfFile()
                handle.write(daysLines)
                try? handle.close()
            } else {
                try? daysLines.write(to: results)
            }
        } else if !subjects.isEmpty {
            outcome.testRun = runGradingTests(run, subjects, results: results, tsanLogs: logs)
            if subjects.contains(days) { outcome.daysRun = outcome.testRun }
        }
        for (index, signal) in run.graded.enumerated() where run.measured(index) {
            guard case .race(let row) = signal else { continue }
            let logs = run.tmp.appendingPathComponent("tsan-\(row)")
            try? FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
            // TSan misses a race now and then on a busy machine (MAINTAINERS: about 1 run in 10
            // with both cores loaded): a clean line needs clean runs in a row, so a wrong answer
            // cannot pass on one lucky run. A run that reports, or stops, ends the tries.
            for _ in 1...Self.cleanRunsForAPass {
                let result = runGradingTests(run, [signal.subject], results: results, tsanLogs: logs)
                outcome.raceRuns[row] = result
                outcome.raceReports[row] = Self.reports(in: logs)
                let ran = Finding.lines(of: (try? String(contentsOf: results, encoding: .utf8)) ?? "").last { $0.subject == signal.subject }
                if ran?.verdict != .pass || outcome.raceReports[row]?.contains(where: \.isRace) == true { break }
            }
        }
        outcome.findings = Finding.lines(of: (try? String(contentsOf: results, encoding: .utf8)) ?? "")
        return outcome
    }

    /// How many clean runs of a race scenario its line needs to pass.
    static let cleanRunsForAPass = 3

    /// Every report TSan wrote into `logs` (a file per process).
    static func reports(in logs: URL) -> [TSanReport] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: logs.path))?.sorted() ?? []
        return files.flatMap { file in
            TSanLogParser.reports(in: (try? String(contentsOf: logs.appendingPathComponent(file), encoding: .utf8)) ?? "")
        }
    }

    /// One process of the grading tests; run again (`RaceScenarioRunner.attemptsAfterACrash`
    /// tries in all) when it crashed under TSan,
    /// with what it wrote taken back: a race in stages 0-3 can break a reference count and
    /// crash the process (TSan prints DEADLYSIGNAL), which measures nothing about the answer.
    private func runGradingTests(_ run: GradingRun, _ subjects: [Subject], results: URL, tsanLogs: URL?) -> ProcessResult {
        let written = (try? Data(contentsOf: results)) ?? Data()
        let logsBefore = Set(tsanLogs.flatMap { try? FileManager.default.contentsOfDirectory(atPath: $0.path) } ?? [])
        var result = runGradingProcess(run, subjects, results: results, tsanLogs: tsanLogs)
        for _ in 1..<RaceScenarioRunner.attemptsAfterACrash {
            guard let tsanLogs, RaceScenarioRunner.crashed(tsanLogs) != nil else { break }
            try? written.write(to: results)
            for file in (try? FileManager.default.contentsOfDirectory(atPath: tsanLogs.path)) ?? [] where !logsBefore.contains(file) {
                try? FileManager.default.removeItem(at: tsanLogs.appendingPathComponent(file))
            }
            result = runGradingProcess(run, subjects, results: results, tsanLogs: tsanLogs)
        }
        return result
    }

    /// One process of the grading tests, running `subjects` (see Grading.swift).
    private func runGradingProcess(_ run: GradingRun, _ subjects: [Subject], results: URL, tsanLogs: URL?) -> ProcessResult {
        let exercise = run.exercise
        // A short backtrace of the crashed thread only: an isolation check that Swift inserted
        // traps with no message of its own on Linux, and its frames say which check it was.
        // Not under TSan, where the backtracer was measured to hang (the grade waited 2 min).
        let backtrace = exercise.usesTSan ? "enable=no" : "enable=yes,interactive=no,color=no,threads=crashed,registers=none,images=none,limit=12"
        var environment = ["WORKBENCH_RUN": subjects.map(\.description).joined(separator: "|"), "WORKBENCH_RESULTS": results.path, "SWIFT_BACKTRACE": backtrace]
        if run.focus != nil && !run.namedBehaviour { environment["WORKBENCH_STOP_AT_FAILURE"] = "1" }
        if subjects.contains(Subject(.invariant)) {
            environment["WORKBENCH_SEEDS"] = seeds.text
            if recordingBaseline || !shrinks { environment["WORKBENCH_NO_SHRINK"] = "1" }
            if !recordingBaseline {
                environment["WORKBENCH_SOLUTION_BREAKS"] = InvariantBaseline.breaks(exercise, seeds: seeds).sorted().joined(separator: ",")
                environment["WORKBENCH_SOLUTION_DAYS"] = InvariantBaseline.days(exercise, seeds: seeds)
            }
            // Health is counted where the solution's days were recorded with it (a record with `days`).
            if recordingBaseline || InvariantBaseline.days(exercise, seeds: seeds) != nil {
                environment["WORKBENCH_COUNT_HEALTH"] = "1"
            }
        }
        if let tsanLogs {
            environment["TSAN_OPTIONS"] = "log_path=\(tsanLogs.path)/tsan:exitcode=0:atexit_sleep_ms=0"
        }
        if let race = subjects.first(where: { $0.kind == .race }) { environment["TRACKER_RACE"] = race.id }
        #if os(Linux)
        let suite = "ExerciseTests.Grading/testGrade"
        guard let bundle = Workspace.testExecutable(run.shell, scratch: run.scratch, tsan: exercise.usesTSan, suite: suite) else {
            return ProcessResult(status: -1, crashed: false, timedOut: false, output: "no test executable in the build of \(run.scratch)")
        }
        // A livelock ends once a thread has spun ProgressWatch.busyCPU seconds, a stuck
        // process once no thread ran for a while: by what it did, never at a wall-clock time.
        let watch = ProgressWatch(results: results)
        return run.shell.run([bundle, suite], environment: environment, timeout: ProgressWatch.timeout(otherwise: 300), watch: watch.check)
        #else
        return run.shell.run(["swift", "test", "--skip-build"] + Workspace.buildArguments(scratch: run.scratch, tsan: exercise.usesTSan)
            + ["--filter", "ExerciseTests.Grading/testGrade"], environment: environment, timeout: 300)
        #endif
    }
}
