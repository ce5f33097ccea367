import Foundation
import TrackerSpec

/// Builds the package's tests with `--sanitize=thread` once, then runs one race scenario of
/// one stage, or the simulators' canary, in a test process of its own, returning the
/// reports TSan wrote to `log_path`. Shared by `Scripts/race-matrix`, `Scripts/tsan` and
/// `Scripts/check-notes`.
public struct RaceScenarioRunner: Sendable {
    public static let scratchPath = ".build-tsan"

    public enum BuildFailure: Error {
        /// The toolchain cannot build with ThreadSanitizer here.
        case unavailable(String)
        case failed(String)
    }

    public let shell: Shell

    public init(shell: Shell) {
        self.shell = shell
    }

    /// Builds once; returns how to start the scenarios.
    public func build() throws(BuildFailure) -> TestLaunch {
        let (build, launch) = shell.buildTests(["--sanitize=thread", "--scratch-path", Self.scratchPath])
        guard let launch else {
            throw Self.isUnavailable(build.output) ? .unavailable(build.tail()) : .failed(build.tail())
        }
        switch launch {
        case .success(let launch): return launch
        case .failure(let failure): throw .failed("\(failure.what)\n\(failure.output)")
        }
    }

    /// Whether a failed build failed for want of ThreadSanitizer (an unsupported option, a
    /// missing runtime), rather than over an error in a source file.
    public static func isUnavailable(_ output: String) -> Bool {
        output.split(separator: "\n").contains { line in
            let lowered = line.lowercased()
            return lowered.contains("error") && !lowered.contains(".swift:")
                && (lowered.contains("sanitiz") || lowered.contains("clang_rt.tsan"))
        }
    }

    /// Runs one scenario once on one stage; returns its reports, or why it failed.
    public func reports(scenario: String, stage: Stage, launch: TestLaunch) -> Result<[TSanReport], RunFailure> {
        reports(suite: "Stage\(stage.number)Tests.Stage\(stage.number)RaceScenarios", environment: ["TRACKER_RACE": scenario], launch: launch)
    }

    /// Runs the simulators' canary once (`Tests/SimTests/SimulatorCanary.swift`): two races
    /// planted through every hand-off the simulators make, which TSan must report.
    public func canaryReports(launch: TestLaunch) -> Result<[TSanReport], RunFailure> {
        reports(suite: "SimTests.SimulatorCanary", environment: ["SIM_CANARY": "1"], launch: launch)
    }

    /// Whether TSan wrote DEADLYSIGNAL into `logs`: the process crashed (a race can break a
    /// reference count), and TSan's handler can then deadlock on its own lock while it
    /// unwinds (seen in CI, Swift 6.3.1, Linux: one thread spinning for 15 minutes). The run
    /// is stopped at once and fails as crashed, rather than at the timeout.
    public static func crashed(_ logs: URL) -> String? {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: logs.path)) ?? []
        let crashed = files.contains { file in
            (try? String(contentsOf: logs.appendingPathComponent(file), encoding: .utf8))?.contains("DEADLYSIGNAL") == true
        }
        return crashed ? "TSan reported a deadly signal (the process crashed)" : nil
    }

    /// How many times a run that crashed under TSan is tried in all. A race in stage 0
    /// corrupts the heap now and then (a reference count, a queue's pointer): 3 of 10 runs of
    /// stage 0's tests crashed on an idle machine (Swift 6.3.1, Linux), so three tries left
    /// a run unmeasured about 1 time in 40; five leave it about 1 in 400.
    public static let attemptsAfterACrash = 5

    /// A run that crashed measured nothing: it runs again (see `attemptsAfterACrash`).
    private func reports(suite: String, environment: [String: String], launch: TestLaunch) -> Result<[TSanReport], RunFailure> {
        var outcome = run(suite: suite, environment: environment, launch: launch)
        for _ in 1..<Self.attemptsAfterACrash {
            guard case .failure(let failure) = outcome, failure.crashedInTSan else { break }
            outcome = run(suite: suite, environment: environment, launch: launch)
        }
        return outcome
    }

    private func run(suite: String, environment: [String: String], launch: TestLaunch) -> Result<[TSanReport], RunFailure> {
        let logs = shell.scratch.appendingPathComponent("tsan-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: logs) }
        let arguments: [String]
        switch launch {
        case .executables:
            guard let path = launch.executable(for: suite) else {
                return .failure(RunFailure(what: "no test executable for \(suite) in the build", output: ""))
            }
            arguments = [path, suite]
        case .swiftTest(let build):
            arguments = ["swift", "test", "--skip-build"] + build + ["--filter", suite]
        }
        let result = shell.run(arguments, environment: environment.merging([
            "TSAN_OPTIONS": "log_path=\(logs.path)/tsan:exitcode=0:atexit_sleep_ms=0",
            "SWIFT_BACKTRACE": "enable=no",
        ]) { own, _ in own }, timeout: 120, watch: { _ in Self.crashed(logs) })
        let files = (try? FileManager.default.contentsOfDirectory(atPath: logs.path))?.sorted() ?? []
        let reports = files.filter { $0.hasPrefix("tsan") }.flatMap { file in
            TSanLogParser.reports(in: (try? String(contentsOf: logs.appendingPathComponent(file), encoding: .utf8)) ?? "")
        }
        guard result.succeeded else {
            var failure = RunFailure(what: result.failure, output: result.tail())
            failure.crashedInTSan = Self.crashed(logs) != nil
            return .failure(failure)
        }
        guard !result.output.contains("Executed 0 tests") else {
            return .failure(RunFailure(what: "ran no test (is there a \(suite)?)", output: result.tail()))
        }
        return .success(reports)
    }
}
