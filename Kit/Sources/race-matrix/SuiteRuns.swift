import Foundation
import MatrixKit
import TrackerSpec

/// Runs each stage's shared suite once (normal build) and collects the verdicts it records
/// in `TRACKER_VERDICTS`: what it measured for the suite and watchdog rows.
struct SuiteRuns {
    let shell: Shell

    func build() -> Result<TestLaunch, RunFailure> {
        let (build, launch) = shell.buildTests()
        return launch ?? .failure(RunFailure(what: "swift build --build-tests: \(build.failure)", output: build.tail()))
    }

    /// Runs the stage's Swift Testing suite; returns its verdict lines and result.
    func run(stage: Stage, launch: TestLaunch) -> (verdicts: String, result: ProcessResult) {
        let file = shell.scratch.appendingPathComponent("verdicts-\(stage.number).txt")
        try? FileManager.default.removeItem(at: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let filter = "^Stage\(stage.number)Tests\\."
        let arguments: [String]
        switch launch {
        case .executables:
            guard let path = launch.executable(for: filter) else {
                return ("", ProcessResult(status: -1, crashed: false, timedOut: false, output: "no test executable for Stage\(stage.number)Tests in the build"))
            }
            arguments = [path, "--testing-library", "swift-testing", "--filter", filter]
        case .swiftTest(let build): arguments = ["swift", "test", "--skip-build"] + build + ["--disable-xctest", "--filter", filter]
        }
        let result = shell.run(arguments, environment: ["TRACKER_VERDICTS": file.path], timeout: 600)
        return ((try? String(contentsOf: file, encoding: .utf8)) ?? "", result)
    }
}
