import ExplainKit
import Foundation

// Scripts/explain: from a developer's own diagnostic, build log or crash log to the place
// in the kit that reproduces it, the fix, and the toolchain's explanation of its group.

let usage = """
    Usage: Scripts/explain 'ONE DIAGNOSTIC LINE'   route one line
           Scripts/explain FILE                    route a build log or crash log
           some-build 2>&1 | Scripts/explain       route standard input
           Scripts/explain --verify                rebuild every row's reproduction (CI)
           Scripts/explain --list                  the kinds the table knows
           Scripts/explain --package PATH          your package's migration, target by target

    Reads Swift compiler diagnostics (SwiftPM, Xcode, swiftc; Swift 5.10 to 6.3 wordings)
    and run-time traps (continuation misuse, executor and dispatch-queue assertions). Groups
    the lines by kind and prints, for each, what it means, where the kit reproduces it and
    the command that shows it, the fixes the kit teaches and the wrong fixes it warns
    against, the proposal, and the toolchain's own explanation of its group. A line the
    table does not know is listed as such, never guessed. Exit: 0 when every diagnostic was
    routed, 1 when some were not, 2 for bad input. The table: Kit/Explain/table.json.
    """

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("explain: \(message)\n\n\(usage)\n".utf8))
    exit(2)
}

// The scripts run from the package root (Scripts/explain cds there).
let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
let tableURL = root.appendingPathComponent("Kit/Explain/table.json")
let table: Table
do { table = try Table.load(from: tableURL) } catch {
    FileHandle.standardError.write(Data("explain: cannot read \(tableURL.path): \(error)\n".utf8))
    exit(3)
}
let matcher = Matcher(table)
let arguments = Array(CommandLine.arguments.dropFirst())

switch arguments.first {
case "-h", "--help":
    print(usage)
    exit(0)
case "--list":
    for row in table.rows {
        print("\(row.id.padding(toLength: 30, withPad: " ", startingAt: 0)) \(row.group.map { "#\($0)" } ?? "")")
        print("    \(row.templates.first ?? "")")
    }
    exit(0)
case "--package":
    let caller = ProcessInfo.processInfo.environment["EXPLAIN_CALLER_DIR"] ?? root.path
    exit(PackageCommand.run(Array(arguments.dropFirst()), root: root, table: table, callerDirectory: URL(fileURLWithPath: caller)))
case "--verify":
    guard arguments.count == 1 else { fail("--verify takes nothing after it") }
    let started = Date()
    let result = Verifier(table: table, root: root) { FileHandle.standardError.write(Data("explain: \($0)\n".utf8)) }.verify()
    result.lines.forEach { print($0) }
    let seconds = Int(Date().timeIntervalSince(started).rounded())
    guard result.problems.isEmpty else {
        result.problems.forEach { FileHandle.standardError.write(Data("explain: \($0)\n".utf8)) }
        print("explain --verify: \(result.problems.count) problem(s) in \(seconds) s")
        exit(1)
    }
    print("explain --verify: \(table.rows.count) rows reproduced, \(table.groups.count) groups covered, "
        + "every kit diagnostic routed, in \(seconds) s")
    exit(0)
default:
    break
}

let input: String
var single = false
if arguments.isEmpty {
    // Typed bare at a terminal, it would wait for input that is not coming.
    guard isatty(0) == 0 else { fail("give a diagnostic, a log file, or pipe a build into it") }
    let data = FileHandle.standardInput.readDataToEndOfFile()
    guard !data.isEmpty else { fail("nothing on standard input") }
    input = String(decoding: data, as: UTF8.self)
} else if arguments.count == 1, arguments[0].hasPrefix("-") {
    fail("unknown option \(arguments[0])")
} else if arguments.count == 1, FileManager.default.fileExists(atPath: arguments[0]) {
    guard let text = try? String(contentsOfFile: arguments[0], encoding: .utf8) else {
        fail("cannot read \(arguments[0]) as text")
    }
    input = text
} else {
    // One diagnostic, quoted or not (several words are joined back into one line).
    input = arguments.joined(separator: " ")
    single = !input.contains("\n")
}

let entries = LogReader.entries(in: input, matcher: matcher, single: single)
guard !entries.isEmpty else {
    print("explain: no Swift diagnostic or trap in the input (lines with 'error:' or 'warning:', "
        + "or a run-time message such as 'SWIFT TASK CONTINUATION MISUSE').")
    exit(1)
}
let routing = Routing(entries: entries, matcher: matcher)
print(Report(table: table, docs: GroupDocs.fromPath()).render(routing))
exit(routing.unknown.isEmpty ? 0 : 1)
