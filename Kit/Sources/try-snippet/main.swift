import ExplainKit
import Foundation
import TryKit

// Scripts/try: one snippet built in the four settings the kit teaches, its diagnostics
// routed as Scripts/explain routes them, and the program run where it has an entry point.

let usage = """
    Usage: Scripts/try FILE.swift [--tsan] [--where]
           some-command | Scripts/try [--tsan] [--where]     the snippet on standard input

    Builds one Swift file four times, as the kit's stages are built: Swift 5 with minimal
    checking (stage 0), the same with complete checking, Swift 6 (stage 5), and Swift 6 with
    the 6.2 defaults of stage 6 (default main-actor isolation, NonisolatedNonsendingByDefault,
    InferIsolatedConformances): the settings are read from the stages in Package.swift. Each
    column's diagnostics are grouped and routed as Scripts/explain routes them; a file with
    a main entry point or top-level code is then run in each column that built, and the columns are
    shown side by side at the end.

      --tsan    run under ThreadSanitizer, 5 runs a column (races show in some runs only);
                the first run's reports summarised as Scripts/tsan prints them
      --where   for each line marked '// where?' (a statement), print the thread, queue and
                executor it ran on, measured by the timeline's recorder (tracker --timeline)

    A run still going after 30 s is stopped. Scratch: .build-try. Exit: 0 when the snippet
    was built in every column (whatever it printed), 2 for bad input, 3 when the kit or the
    toolchain could not do its part.
    """

func fail(_ message: String, status: Int32 = 2) -> Never {
    FileHandle.standardError.write(Data("try: \(message)\n\n\(status == 2 ? usage + "\n" : "")".utf8))
    exit(status)
}

var tsan = false, whereMarks = false
var files: [String] = []
for argument in CommandLine.arguments.dropFirst() {
    switch argument {
    case "--tsan": tsan = true
    case "--where": whereMarks = true
    case "-h", "--help": print(usage); exit(0)
    case "-": files.append(argument)
    default:
        if argument.hasPrefix("-") { fail("unknown option \(argument)") }
        files.append(argument)
    }
}
guard files.count <= 1 else { fail("give one file (or none, with the snippet on standard input)") }

let text: String, name: String
var folder: URL?
if let file = files.first, file != "-" {
    guard file.hasSuffix(".swift") else { fail("\(file) is not a .swift file") }
    guard let data = FileManager.default.contents(atPath: file) else { fail("cannot read \(file)") }
    text = String(decoding: data, as: UTF8.self)
    name = URL(fileURLWithPath: file).lastPathComponent
    folder = URL(fileURLWithPath: file).deletingLastPathComponent()
} else {
    guard isatty(0) == 0 || files.first == "-" else { fail("give a file, or pipe a snippet into it") }
    text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
    name = "snippet.swift"
}

let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
do {
    let source = try TrySource(name: name, text: text, folder: folder)
    if whereMarks, source.whereLines.isEmpty { fail("--where: no line of \(name) is marked '// where?'") }
    let table = try Table.load(from: root.appendingPathComponent("Kit/Explain/table.json"))
    let columns = try TryColumn.taught(by: PackageManifest.load(packageAt: root))
    let builder = TryBuilder(root: root, tsan: tsan, whereMarks: whereMarks)
    let matcher = Matcher(table)
    let outcomes = try builder.outcomes(of: source, in: columns, matcher: matcher) {
        FileHandle.standardError.write(Data("try: \($0) ...\n".utf8))
    }
    print(TryReport(source: source).render(outcomes, matcher: matcher))
} catch let error as TryError {
    if case .input = error { fail(error.description) }
    fail(error.description, status: 3)
} catch {
    fail("\(error)", status: 3)
}
