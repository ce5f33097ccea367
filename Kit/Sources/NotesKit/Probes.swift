import Foundation

/// The notes' probes: tiny programs under `Steps/probes/` that back a claim about Swift
/// concurrency. A ```` ```swift probe=NAME ```` block quotes `Steps/probes/NAME.swift` (an
/// excerpt, as a `source=` block is); a ```` ```text output=NAME ```` block says what
/// `Scripts/probe NAME` prints: its stdout lines exactly, `stderr: TEXT` lines that some
/// stderr line must contain, and an `exit: …` line that the probe's last line must start
/// with (`exit: 0` when the block has none).
public enum Probes {
    public static let folder = "Steps/probes"

    public static func path(of name: String) -> String { "\(folder)/\(name).swift" }

    /// The quick part: the probe exists, and a `probe=` block is still an excerpt of it.
    static func quickCheck(_ fence: Note.Fence, in note: Note, checks: QuickChecks) -> [Problem] {
        guard let name = fence.value("probe") ?? fence.value("output") else { return [] }
        let path = path(of: name)
        guard checks.package.exists(path) else {
            return [Problem(note.path, fence.line, "no probe \(path)")]
        }
        if fence.value("probe") != nil {
            return checks.checkSource(fence, path: path, in: note)
        }
        return Expectation(fence.content).problems.map { Problem(note.path, fence.line, $0) }
    }

    /// What an `output=` block expects.
    struct Expectation {
        var stdout: [String] = []
        var stderr: [String] = []
        var exit = "exit: 0"
        var problems: [String] = []

        init(_ lines: [String]) {
            var sawExit = false
            for line in lines.map(QuickChecks.trailingTrimmed) {
                if line.hasPrefix("stderr: ") {
                    stderr.append(String(line.dropFirst("stderr: ".count)))
                } else if line.hasPrefix("exit: ") {
                    if sawExit { problems.append("an output block has one exit: line") }
                    exit = line
                    sawExit = true
                } else if sawExit {
                    problems.append("the exit: line ends an output block")
                } else {
                    stdout.append(line)
                }
            }
        }
    }

    /// The slow part: runs `Scripts/probe NAME` and compares with the block.
    static func run(_ fence: Note.Fence, in note: Note, root: URL) -> [Problem] {
        guard let name = fence.value("output") else { return [] }
        let expected = Expectation(fence.content)
        let result = runProbe(name, root: root)
        var problems: [String] = []
        let stdout = result.stdout.components(separatedBy: "\n").map(QuickChecks.trailingTrimmed)
        let printed = Array(stdout.reversed().drop { $0.isEmpty }.reversed())
        if printed != expected.stdout {
            problems.append("Scripts/probe \(name) now prints:\n\(printed.joined(separator: "\n"))")
        }
        let stderr = result.stderr.components(separatedBy: "\n").map(QuickChecks.trailingTrimmed)
        for wanted in expected.stderr where !stderr.contains(where: { $0.contains(wanted) }) {
            problems.append("Scripts/probe \(name) no longer says on stderr: \(wanted)")
        }
        let exit = stderr.last { $0.hasPrefix("exit: ") } ?? "(no exit: line; stderr ends \(stderr.suffix(3)))"
        if !exit.hasPrefix(expected.exit) {
            problems.append("Scripts/probe \(name) ends with '\(exit)', not '\(expected.exit)'")
        }
        return problems.map { Problem(note.path, fence.line, $0) }
    }

    /// Runs the learner's command, with stdout and stderr kept apart.
    static func runProbe(_ name: String, root: URL) -> (stdout: String, stderr: String) {
        let files = FileManager.default.temporaryDirectory.appendingPathComponent("probe-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: files) }
        let out = files.appendingPathComponent("stdout"), err = files.appendingPathComponent("stderr")
        guard FileManager.default.createFile(atPath: out.path, contents: nil),
              FileManager.default.createFile(atPath: err.path, contents: nil) else {
            return ("", "cannot create the files for Scripts/probe's output in \(files.path)")
        }
        let process = Process()
        process.executableURL = root.appendingPathComponent("Scripts/probe")
        process.arguments = [name]
        process.currentDirectoryURL = root
        process.standardInput = FileHandle.nullDevice
        do {
            process.standardOutput = try FileHandle(forWritingTo: out)
            process.standardError = try FileHandle(forWritingTo: err)
            try process.run()
            process.waitUntilExit()
        } catch {
            return ("", "cannot run Scripts/probe: \(error)")
        }
        let read = { (url: URL) in (try? String(contentsOf: url, encoding: .utf8)) ?? "" }
        return (read(out), read(err))
    }
}
