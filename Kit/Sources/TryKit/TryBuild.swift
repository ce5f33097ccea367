import ExplainKit
import Foundation
import MatrixKit

/// One column: the build's diagnostics, routed, and (where the snippet runs) its run.
public struct TryOutcome: Sendable {
    public var column: TryColumn
    public var command: [String]
    /// The compiler's output (diagnostics, excerpts).
    public var buildLog: String
    public var built: Bool
    public var entries: [Entry]
    public var run: TryRunResult?
    /// Why the snippet was not run in this column, when it was not.
    public var notRun: String?
}

/// A program's run: what it printed (less the `--where` and TSan lines), how it ended,
/// where its marked lines ran, and TSan's reports.
public struct TryRunResult: Sendable {
    public var output: [String]
    public var ending: String
    public var places: [TryPlace]
    public var reports: [TSanReport]
    /// Under TSan: how many runs the column made, and in how many TSan reported a race. A
    /// race shows in some runs and not in others, so one run per column compares nothing.
    public var tsanRuns = 0
    public var runsWithReports = 0
}

/// Builds a snippet in each column with `swiftc` (the whole pipeline, so the region
/// checker's SIL diagnostics are there), and runs what built.
public struct TryBuilder: Sendable {
    public var root: URL
    public var scratch: URL
    public var tsan: Bool
    public var whereMarks: Bool
    /// How long a run may take before it is stopped (a snippet may wait forever).
    public var timeout: TimeInterval

    /// `scratch`: where the columns are built (`.build-try` under the root unless given).
    public init(root: URL, tsan: Bool, whereMarks: Bool, timeout: TimeInterval = 30, scratch: URL? = nil) {
        self.root = root
        self.scratch = scratch ?? root.appendingPathComponent(".build-try")
        self.tsan = tsan
        self.whereMarks = whereMarks
        self.timeout = timeout
    }

    public func outcomes(of source: TrySource, in columns: [TryColumn], matcher: Matcher,
                         progress: (String) -> Void = { _ in }) throws -> [TryOutcome] {
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let modules = try TryModules(scratch: scratch, tsan: tsan).flags(for: source)
        if whereMarks, !modules.isEmpty { throw TryError.input("--where: a snippet that uses modules of its own is not supported") }
        var outcomes: [TryOutcome] = []
        for column in columns {
            progress("building in \(column.title)")
            var outcome = build(source, in: column, matcher: matcher, modules: modules)
            if outcome.built, source.runs {
                if whereMarks {
                    progress("building with the where? probe in \(column.title)")
                    switch TryWherePackage(root: root, scratch: scratch, tsan: tsan).executable(for: source, in: column) {
                    case .success(let binary): outcome.run = run(binary, source: source)
                    case .failure(let failure): outcome.notRun = failure.what + "\n" + failure.output
                    }
                } else {
                    outcome.run = run(directory(of: column).appendingPathComponent("snippet").path, source: source)
                }
            } else if outcome.built {
                outcome.notRun = "no @main and no top-level code: nothing to run"
            } else {
                outcome.notRun = "the build failed"
            }
            outcomes.append(outcome)
        }
        return outcomes
    }

    func directory(of column: TryColumn) -> URL { scratch.appendingPathComponent(column.id) }

    func build(_ source: TrySource, in column: TryColumn, matcher: Matcher, modules: [String] = []) -> TryOutcome {
        let folder = directory(of: column)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("main.swift")
        try? source.compiled(marking: false).write(to: file, atomically: true, encoding: .utf8)
        var command = ["swiftc"] + column.flags + ["-Onone", "-g", "-module-name", "Snippet"]
        if source.hasMainAttribute || !source.runs { command.append("-parse-as-library") }
        if tsan { command.append("-sanitize=thread") }
        // Without an entry point, SIL (where the region checker runs) is as far as it goes.
        command += source.runs ? [file.path] + modules + ["-o", folder.appendingPathComponent("snippet").path]
            : modules + ["-emit-sil", file.path, "-o", "/dev/null"]
        let result = Shell(directory: folder, scratch: folder).run(command, timeout: 600)
        // Kept for Scripts/explain, which prints each kind in full.
        try? result.output.write(to: folder.appendingPathComponent("build.log"), atomically: true, encoding: .utf8)
        // The driver's own summary ("emit-module command failed …") is no diagnostic of the code.
        let entries = LogReader.entries(in: result.output, matcher: matcher, single: false)
            .filter { !($0.location == nil && $0.message.contains(" command failed")) }
        return TryOutcome(column: column, command: command, buildLog: result.output, built: result.succeeded,
                          entries: entries, run: nil, notRun: nil)
    }

    /// Runs per column under TSan (counted runs, not a time window).
    public static let tsanRuns = 5

    static let signals: [Int32: String] = [4: "SIGILL", 5: "SIGTRAP", 6: "SIGABRT", 9: "SIGKILL", 11: "SIGSEGV", 15: "SIGTERM"]

    func run(_ binary: String, source: TrySource) -> TryRunResult {
        let folder = URL(fileURLWithPath: binary).deletingLastPathComponent()
        // The crash backtracer names a failed runtime check, as Scripts/probe has it.
        let environment = ["SWIFT_BACKTRACE": "enable=yes,interactive=no,color=no,threads=crashed,registers=none,images=none,limit=16"]
        let result = Shell(directory: folder, scratch: folder).run([binary], environment: environment, timeout: timeout)
        var ending = "exit \(result.status)"
        if result.timedOut { ending = "stopped after \(Int(timeout)) s" }
        if result.crashed { ending = "trapped (\(Self.signals[result.status] ?? "signal \(result.status)"))" }
        if tsan, !result.crashed, result.status == 66 { ending += " (TSan)" }
        let reports = tsan ? TSanLogParser.reports(in: result.output) : []
        var output: [String] = []
        var places: [TryPlace] = []
        var inReport = false
        for line in result.output.split(separator: "\n", omittingEmptySubsequences: false) {
            if let place = TryPlace(line: line) { places.append(place); continue }
            // TSan's reports are summarised apart; the program's own lines stay.
            if line.hasPrefix("==================") { inReport.toggle(); continue }
            if inReport || line.hasPrefix("ThreadSanitizer: reported") { continue }
            output.append(String(line))
        }
        while output.last?.isEmpty == true { output.removeLast() }
        var outcome = TryRunResult(output: output, ending: ending, places: places, reports: reports)
        if tsan, !result.timedOut {
            // The first run is shown; the others only count whether TSan reported.
            outcome.tsanRuns = Self.tsanRuns
            outcome.runsWithReports = reports.isEmpty ? 0 : 1
            for _ in 1..<Self.tsanRuns {
                let again = Shell(directory: folder, scratch: folder).run([binary], environment: environment, timeout: timeout)
                if !TSanLogParser.reports(in: again.output).isEmpty { outcome.runsWithReports += 1 }
            }
        }
        return outcome
    }
}
