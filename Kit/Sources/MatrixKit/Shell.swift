import Foundation

/// What a finished child process left: its status and everything it printed.
public struct ProcessResult: Sendable {
    /// The exit status, or the signal number when `crashed`.
    public var status: Int32
    public var crashed: Bool
    public var timedOut: Bool
    /// stdout and stderr, interleaved.
    public var output: String
    /// Why a watcher stopped the process before it ended (see `Shell.run`'s `watch`).
    public var stoppedBecause: String? = nil

    public init(status: Int32, crashed: Bool, timedOut: Bool, output: String, stoppedBecause: String? = nil) {
        (self.status, self.crashed, self.timedOut, self.output, self.stoppedBecause) = (status, crashed, timedOut, output, stoppedBecause)
    }

    public var succeeded: Bool { status == 0 && !crashed && !timedOut && stoppedBecause == nil }

    /// "exit 1", "signal 11", "timed out after 120 s".
    public var failure: String {
        if let stoppedBecause { return stoppedBecause }
        if timedOut { return "timed out" }
        return crashed ? "killed by signal \(status)" : "exit \(status)"
    }

    /// The last lines of the output, for an error message.
    public func tail(_ count: Int = 15) -> String {
        output.split(separator: "\n", omittingEmptySubsequences: false).suffix(count).joined(separator: "\n")
    }
}

/// Runs child processes one at a time, their output captured in a file (no pipe to drain).
public struct Shell: Sendable {
    public let directory: URL
    public let scratch: URL

    /// `directory` is where commands run; `scratch` holds their captured output.
    public init(directory: URL, scratch: URL) {
        self.directory = directory
        self.scratch = scratch
    }

    /// Runs `arguments` (the first is looked up on PATH unless it is a path) in the package
    /// root, with `environment` added to ours. A process still running after `timeout` is
    /// terminated. `watch`, if given, is asked about the running process (its pid) once a
    /// second; when it answers a reason, the process is killed (SIGKILL: its output so far is
    /// in the file already) and the result says why.
    public func run(_ arguments: [String], environment: [String: String] = [:], timeout: TimeInterval? = nil,
                    watch: ((Int32) -> String?)? = nil) -> ProcessResult {
        let outputURL = scratch.appendingPathComponent("output-\(UUID().uuidString).txt")
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: outputURL) }
        guard let output = try? FileHandle(forWritingTo: outputURL) else {
            return ProcessResult(status: -1, crashed: false, timedOut: false, output: "cannot create \(outputURL.path)")
        }
        defer { try? output.close() }

        let process = Process()
        if arguments[0].contains("/") {
            process.executableURL = URL(fileURLWithPath: arguments[0])
            process.arguments = Array(arguments.dropFirst())
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = arguments
        }
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        do {
            try process.run()
        } catch {
            return ProcessResult(status: -1, crashed: false, timedOut: false, output: "cannot run \(arguments[0]): \(error)")
        }
        var timedOut = false
        var stoppedBecause: String?
        if let watch {
            let deadline = Date().addingTimeInterval(timeout ?? .infinity)
            while finished.wait(timeout: .now() + 1) == .timedOut {
                if let reason = watch(process.processIdentifier) {
                    stoppedBecause = reason
                    kill(process.processIdentifier, SIGKILL)
                } else if Date() < deadline {
                    continue
                } else {
                    timedOut = true
                    process.terminate()
                }
                if finished.wait(timeout: .now() + 10) == .timedOut {
                    kill(process.processIdentifier, SIGKILL)
                    finished.wait()
                }
                break
            }
        } else if let timeout, finished.wait(timeout: .now() + timeout) == .timedOut {
            timedOut = true
            process.terminate()
            if finished.wait(timeout: .now() + 5) == .timedOut {
                kill(process.processIdentifier, SIGKILL)
                finished.wait()
            }
        } else if timeout == nil {
            finished.wait()
        }
        // Decoded leniently: a crash report's register dump holds bytes that are not UTF-8,
        // and a strict decode would lose the whole output.
        let text = String(decoding: (try? Data(contentsOf: outputURL)) ?? Data(), as: UTF8.self)
        return ProcessResult(
            status: process.terminationStatus, crashed: process.terminationReason == .uncaughtSignal,
            timedOut: timedOut, output: text, stoppedBecause: stoppedBecause)
    }
}

/// A child process that failed: how, and the end of its output.
public struct RunFailure: Error, Sendable {
    public var what: String
    public var output: String
    /// TSan printed DEADLYSIGNAL: the process crashed, so the run measured nothing.
    public var crashedInTSan = false

    public init(what: String, output: String) {
        self.what = what
        self.output = output
    }
}

/// How to start the package's tests after a build.
public enum TestLaunch: Sendable {
    /// Linux: the test executables (~0.3 s a process), by test target ("" for one that holds
    /// every target: the native build system's `.xctest`). See `BuildProducts`.
    case executables([String: String])
    /// macOS: through `swift test --skip-build`, with these build arguments.
    case swiftTest([String])

    /// Linux, the native build system: one executable for every test target.
    public static func bundle(_ path: String) -> TestLaunch { .executables(["": path]) }

    /// The executable that runs `suite` ("Stage0Tests.Stage0RaceScenarios", or a filter
    /// that starts with its target, "^Stage0Tests\\."); nil under `swift test`.
    public func executable(for suite: String) -> String? {
        guard case .executables(let products) = self else { return nil }
        let target = suite.drop { $0 == "^" }.prefix { $0 != "." && $0 != "\\" && $0 != "/" }
        return products[String(target)] ?? products[""]
    }
}

extension Shell {
    /// Builds the tests with `arguments` added to `swift build --build-tests` (and the build
    /// system `KIT_BUILD_SYSTEM` names); returns the build's result and, when it succeeded,
    /// how to start the tests it built.
    public func buildTests(_ arguments: [String] = []) -> (build: ProcessResult, launch: Result<TestLaunch, RunFailure>?) {
        let arguments = BuildSystem.arguments + arguments
        let build = run(["swift", "build", "--build-tests"] + arguments)
        guard build.succeeded else { return (build, nil) }
        #if os(Linux)
        switch BuildProducts.ask(self, arguments: arguments) {
        case .failure(let failure): return (build, .failure(failure))
        case .success(let products):
            let tests = products.tests
            guard !tests.isEmpty else {
                return (build, .failure(RunFailure(what: "no test executable (*PackageTests.xctest, *-test-runner) in \(products.binPath)", output: "")))
            }
            return (build, .success(.executables(tests)))
        }
        #else
        return (build, .success(.swiftTest(arguments)))
        #endif
    }
}
