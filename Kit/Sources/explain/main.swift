import ExplainKit
import Foundation

// Scripts/explain: from a developer's own diagnostic, build log or crash log to the place
// in the kit that reproduces it, the fix, and the toolchain's explanation of its group.

let usage = """
    Usage: Scripts/explain 'ONE DIAGNOSTIC LINE'   route one line
           Scripts/explain FILE                    route a build log or crash log
           some-build 2>&1 | Scripts/explain       route standard input
           Scripts/explain --verify                rebuild every row's reproduction (CI)
           Scripts/explain --programs [NAME…]      prove Kit/Explain/programs (NAME: those starting so)
           Scripts/explain --list                  the kinds the table knows
           Scripts/explain --package PATH          your package's migration, target by target

    Reads Swift compiler diagnostics (SwiftPM, Xcode, swiftc; Swift 5.10 to 6.3 wordings)
    and run-time traps (continuation misuse, executor and dispatch-queue assertions). Groups
    the lines by kind and prints, for each, what it means, where the kit reproduces it and
    the command that shows it, the fixes the kit teaches and the wrong fixes it warns
    against, the proposal, and the toolchain's own explanation of its group. A line the
    table does not know is listed as such, never guessed. A Swift source file is not a log:
    build it with Scripts/try FILE.swift (explain refuses it, exit 2). A crash counts once,
    however many frames of its stack name the trap.

    Exit: 0 when every diagnostic was routed, or the only unknown ones are warnings naming
    no concurrency term (an unused variable: listed, not counted against the log); 1 when
    an unknown error, trap or bare message, or an unknown warning naming a concurrency term
    (actor, Sendable, isolat…, async, await, concurren…, task, sending, data race, thread,
    executor, continuation, @preconcurrency, in its own words: a quoted name such as
    'uploadTask' is not a term, a quoted keyword such as 'nonisolated' is; or a concurrency
    group's [#Group] tag, not [#no-usage]); 2 for bad input.
    The table: Kit/Explain/table.json.
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
case "--programs":
    // The programs of Kit/Explain/programs/ alone, before and after their fix (part of --verify).
    let scratch = root.appendingPathComponent(".build-explain-programs")
    try? FileManager.default.removeItem(at: scratch)
    // `--programs z01 e02`: only the programs whose names start so (while writing one).
    let only = Array(arguments.dropFirst())
    let result = ProgramRunner(root: root, scratch: scratch, router: Router(table: table)) {
        FileHandle.standardError.write(Data("explain: \($0)\n".utf8))
    }.run(only: only)
    try? FileManager.default.removeItem(at: scratch)
    result.lines.forEach { print($0) }
    result.problems.forEach { FileHandle.standardError.write(Data("explain: \($0)\n".utf8)) }
    print("explain --programs: \(result.lines.filter { $0.hasPrefix("ok") }.count) of \(result.lines.count) programs proven")
    exit(result.problems.isEmpty ? 0 : 1)
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
    let recognised = table.rows.filter { $0.unreproducible != nil }.count
    print("explain --verify: \(table.rows.count - recognised) rows reproduced (\(recognised) recognised only), "
        + "\(ProgramRunner.files(under: root).count) programs proven, \(table.groups.count) groups covered, "
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
    // A Swift file that holds no diagnostic is source code, not a log: explain reads what a
    // compiler printed; Scripts/try builds a snippet and routes what it prints.
    if arguments[0].hasSuffix(".swift"),
       Router(table: table).route(text).diagnostics.isEmpty {
        FileHandle.standardError.write(Data(("explain: \(arguments[0]) is Swift source, not a build log: build it with "
            + "`Scripts/try \(arguments[0])` (every mode, routed), or pipe a build into explain "
            + "(swiftc -swift-version 6 -parse-as-library -emit-sil -o /dev/null FILE 2>&1 | Scripts/explain).\n").utf8))
        exit(2)
    }
    input = text
} else {
    // One diagnostic, quoted or not (several words are joined back into one line).
    input = arguments.joined(separator: " ")
    single = !input.contains("\n")
}

let log = Router(table: table).route(input, single: single)
guard log.routedCount + log.unknownCount > 0 else {
    // A clean build piped in: nothing to route, nothing unknown.
    print("explain: 0 diagnostics: \(log.skipped) other lines skipped. It reads lines with 'error:' or 'warning:',\n"
        + "a message copied from Xcode, or a run-time message such as 'SWIFT TASK CONTINUATION MISUSE'.")
    exit(log.exitStatus)
}
print(Report(table: table, docs: GroupDocs.fromPath()).render(log, toolchain: Toolchain.current()))
exit(log.exitStatus)
