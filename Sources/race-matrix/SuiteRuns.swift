import Foundation
import MatrixKit
import TrackerSpec

/// Runs each stage's shared suite once (normal build) and collects the verdicts it records
/// in `TRACKER_VERDICTS`: what it measured for the suite and watchdog rows.
struct SuiteRuns {
    let shell: Shell

    enum Runner {
        case bundle(String)
        case swiftTest
    }

    func build() -> Result<Runner, RunFailure> {
        let result = shell.run(["swift", "build", "--build-tests"])
        guard result.succeeded else { return .failure(RunFailure(what: "swift build --build-tests: \(result.failure)", output: result.tail())) }
        #if os(Linux)
        let binPath = shell.run(["swift", "build", "--show-bin-path"])
        let directory = binPath.output.split(separator: "\n").last.map(String.init) ?? ""
        let bundles = (try? FileManager.default.contentsOfDirectory(atPath: directory))?
            .filter { $0.hasSuffix("PackageTests.xctest") } ?? []
        guard binPath.succeeded, let bundle = bundles.first else {
            return .failure(RunFailure(what: "no *PackageTests.xctest in the bin path", output: binPath.tail()))
        }
        return .success(.bundle(directory + "/" + bundle))
        #else
        return .success(.swiftTest)
        #endif
    }

    /// Runs the stage's Swift Testing suite; returns its verdict lines and result.
    func run(stage: Stage, runner: Runner) -> (verdicts: String, result: ProcessResult) {
        let file = shell.scratch.appendingPathComponent("verdicts-\(stage.number).txt")
        try? FileManager.default.removeItem(at: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let filter = "^Stage\(stage.number)Tests\\."
        let arguments: [String] = switch runner {
        case .bundle(let path): [path, "--testing-library", "swift-testing", "--filter", filter]
        case .swiftTest: ["swift", "test", "--skip-build", "--disable-xctest", "--filter", filter]
        }
        let result = shell.run(arguments, environment: ["TRACKER_VERDICTS": file.path], timeout: 600)
        return ((try? String(contentsOf: file, encoding: .utf8)) ?? "", result)
    }
}
