import Foundation
import MatrixKit
import TrackerSpec

/// Builds the package with `--sanitize=thread` and runs each race scenario in a process of
/// its own, one at a time, reading the reports TSan writes to `log_path`.
struct TSanRuns {
    static let scratchPath = ".build-tsan"

    enum BuildFailure: Error {
        /// The toolchain cannot build with ThreadSanitizer here.
        case unavailable(String)
        case failed(String)
    }

    /// How to start one scenario's process.
    enum Runner {
        /// Linux: the XCTest bundle is an executable (~0.3 s a process).
        case bundle(String)
        /// macOS: through `swift test --skip-build`.
        case swiftTest
    }

    let shell: Shell
    let attributor = RaceAttributor(catalogue: Catalogue.defects)
    let sources: PackageSourceLines

    /// Builds once; returns how to run the scenarios.
    func build() throws(BuildFailure) -> Runner {
        let result = shell.run(["swift", "build", "--build-tests", "--sanitize=thread", "--scratch-path", Self.scratchPath])
        guard result.succeeded else {
            throw Self.isUnavailable(result.output) ? .unavailable(result.tail()) : .failed(result.tail())
        }
        #if os(Linux)
        let binPath = shell.run(["swift", "build", "--show-bin-path", "--sanitize=thread", "--scratch-path", Self.scratchPath])
        let directory = binPath.output.split(separator: "\n").last.map(String.init) ?? ""
        let bundles = (try? FileManager.default.contentsOfDirectory(atPath: directory))?
            .filter { $0.hasSuffix("PackageTests.xctest") } ?? []
        guard binPath.succeeded, let bundle = bundles.first else {
            throw .failed("no *PackageTests.xctest in \(directory.isEmpty ? "the bin path" : directory)\n\(binPath.tail())")
        }
        return .bundle(directory + "/" + bundle)
        #else
        return .swiftTest
        #endif
    }

    /// Whether a failed build failed for want of ThreadSanitizer (an unsupported option, a
    /// missing runtime), rather than over an error in a source file.
    static func isUnavailable(_ output: String) -> Bool {
        output.split(separator: "\n").contains { line in
            let lowered = line.lowercased()
            return lowered.contains("error") && !lowered.contains(".swift:")
                && (lowered.contains("sanitiz") || lowered.contains("clang_rt.tsan"))
        }
    }

    /// Runs one scenario once on one stage; returns what its reports were, or why it failed.
    func run(scenario: String, stage: Stage, runner: Runner) -> Result<[RaceFinding], RunFailure> {
        let logs = shell.scratch.appendingPathComponent("tsan-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: logs) }
        let suite = "Stage\(stage.number)Tests.Stage\(stage.number)RaceScenarios"
        let arguments: [String] = switch runner {
        case .bundle(let path): [path, suite]
        case .swiftTest:
            ["swift", "test", "--skip-build", "--sanitize=thread", "--scratch-path", Self.scratchPath, "--filter", suite]
        }
        let result = shell.run(arguments, environment: [
            "TRACKER_RACE": scenario,
            "TSAN_OPTIONS": "log_path=\(logs.path)/tsan:exitcode=0:atexit_sleep_ms=0",
            "SWIFT_BACKTRACE": "enable=no",
        ], timeout: 120)
        let files = (try? FileManager.default.contentsOfDirectory(atPath: logs.path))?.sorted() ?? []
        let reports = files.filter { $0.hasPrefix("tsan") }.flatMap { file in
            TSanLogParser.reports(in: (try? String(contentsOf: logs.appendingPathComponent(file), encoding: .utf8)) ?? "")
        }
        guard result.succeeded else {
            return .failure(RunFailure(what: result.failure, output: result.tail()))
        }
        guard !result.output.contains("Executed 0 tests") else {
            return .failure(RunFailure(what: "ran no test (is there a \(suite)?)", output: result.tail()))
        }
        return .success(reports.map { attributor.attribute($0, sources: sources) })
    }
}

/// A child process that failed: how, and the end of its output.
struct RunFailure: Error {
    var what: String
    var output: String
}
