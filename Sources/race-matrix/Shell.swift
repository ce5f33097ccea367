import Foundation

/// What a finished child process left: its status and everything it printed.
struct ProcessResult {
    /// The exit status, or the signal number when `crashed`.
    var status: Int32
    var crashed: Bool
    var timedOut: Bool
    /// stdout and stderr, interleaved.
    var output: String

    var succeeded: Bool { status == 0 && !crashed && !timedOut }

    /// "exit 1", "signal 11", "timed out after 120 s".
    var failure: String {
        if timedOut { return "timed out" }
        return crashed ? "killed by signal \(status)" : "exit \(status)"
    }

    /// The last lines of the output, for an error message.
    func tail(_ count: Int = 15) -> String {
        output.split(separator: "\n", omittingEmptySubsequences: false).suffix(count).joined(separator: "\n")
    }
}

/// Runs child processes one at a time, their output captured in a file (no pipe to drain).
struct Shell {
    let directory: URL
    let scratch: URL

    /// Runs `arguments` (the first is looked up on PATH unless it is a path) in the package
    /// root, with `environment` added to ours. A process still running after `timeout` is
    /// terminated.
    func run(_ arguments: [String], environment: [String: String] = [:], timeout: TimeInterval? = nil) -> ProcessResult {
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
        if let timeout, finished.wait(timeout: .now() + timeout) == .timedOut {
            timedOut = true
            process.terminate()
            if finished.wait(timeout: .now() + 5) == .timedOut {
                kill(process.processIdentifier, SIGKILL)
                finished.wait()
            }
        } else if timeout == nil {
            finished.wait()
        }
        let text = (try? String(contentsOf: outputURL, encoding: .utf8)) ?? ""
        return ProcessResult(
            status: process.terminationStatus, crashed: process.terminationReason == .uncaughtSignal,
            timedOut: timedOut, output: text)
    }
}
