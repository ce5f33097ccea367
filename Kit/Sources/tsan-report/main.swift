import Foundation
import MatrixKit
import TrackerSpec

// Scripts/tsan: runs one stage's race scenarios (or one row's) under ThreadSanitizer and
// prints each report as a learner reads it. The parsing and the attribution to catalogue
// rows are MatrixKit's, the same that Scripts/race-matrix uses.

let scenarios = Check.races.compactMap(\.defect)
let usage = """
    Usage: Scripts/tsan STAGE [ROW] [--raw]

    Builds the package once with --sanitize=thread (scratch path .build-tsan), runs the
    race scenarios of stage STAGE under XCTest, each in a process of its own, and prints
    every ThreadSanitizer report: the property, the two accesses (which thread, what
    kind of code), and for each the source line with its code, demangled.

      STAGE   a stage number (\(Stage.all.map { "\($0.number)" }.joined(separator: ", "))) or target name (Stage0_GCD)
      ROW     one scenario only: \(scenarios.joined(separator: ", "))
      --raw   the reports as TSan wrote them (demangled), instead of the summary

    The exit status says whether the scenarios ran (0) or not (1: the build or a run
    failed; 2: bad arguments), not whether races were found.
    """

func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data("tsan: \(message)\n".utf8))
    exit(status)
}

var raw = false
var positional: [String] = []
for argument in CommandLine.arguments.dropFirst() {
    switch argument {
    case "--raw": raw = true
    case "-h", "--help": print(usage); exit(0)
    default:
        if argument.hasPrefix("-") { fail("unknown option '\(argument)'\n\n\(usage)", status: 2) }
        positional.append(argument)
    }
}
guard (1...2).contains(positional.count) else { fail("give a stage, and at most one row\n\n\(usage)", status: 2) }
guard let stage = Stage.all.first(where: { "\($0.number)" == positional[0] || $0.target == positional[0] }) else {
    fail("no stage '\(positional[0])'\n\n\(usage)", status: 2)
}
let selected: [String]
if positional.count == 2 {
    guard scenarios.contains(positional[1]) else { fail("no race scenario '\(positional[1])'\n\n\(usage)", status: 2) }
    selected = [positional[1]]
} else {
    selected = scenarios
}

let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("tsan-\(getpid())")
try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: scratch) }
let runner = RaceScenarioRunner(shell: Shell(directory: root, scratch: scratch))

FileHandle.standardError.write(Data("tsan: building with --sanitize=thread in \(RaceScenarioRunner.scratchPath) ...\n".utf8))
let started = Date()
let launch: TestLaunch
do {
    launch = try runner.build()
} catch {
    switch error {
    case .unavailable(let output): fail("this toolchain cannot build with ThreadSanitizer here:\n\(output)", status: 1)
    case .failed(let output): fail("the build failed:\n\(output)", status: 1)
    }
}
FileHandle.standardError.write(Data("tsan: built in \(Int(Date().timeIntervalSince(started))) s\n".utf8))

/// Mangled names (and whole reports) demangled (MatrixKit's, shared with Scripts/try).
func demangled(_ text: String) -> String { Demangle.text(text) }

let attributor = RaceAttributor(catalogue: Catalogue.defects)
let sources = PackageSourceLines(root: root)
let contextWords: [AccessContext: String] = [
    .main: "the main thread", .task: "a task on the cooperative pool",
    .queue: "a dispatch queue", .thread: "a thread TSan could not place",
]

/// One access: its header, then its stage frames (at most three), each with its code.
@MainActor func describe(_ access: MemoryAccess) -> [String] {
    var header = access.header
    if let at = header.range(of: #" at 0x[0-9a-f]+"#, options: .regularExpression) { header.removeSubrange(at) }
    let context = AccessContext.of(access)
    var lines = ["  \(header)\(context == .main ? "" : " (\(contextWords[context]!))"):"]
    let frames = access.frames.filter { $0.stageSourcePath != nil }.prefix(3)
    if frames.isEmpty, let first = access.frames.first {
        lines.append("    \(demangled(first.function).trimmingCharacters(in: .whitespacesAndNewlines)) (no frame in a stage's code)")
    }
    for (index, frame) in frames.enumerated() {
        let name = demangled(frame.function).trimmingCharacters(in: .whitespacesAndNewlines)
        lines.append("    \(index == 0 ? "at" : "from") \(name)")
        var location = "      \(frame.shortLocation)"
        if let path = frame.stageSourcePath, let number = frame.line, let code = sources.line(number, of: path) {
            location += "   \(code.trimmingCharacters(in: .whitespaces))"
        }
        lines.append(location)
    }
    return lines
}

var total = 0
for scenario in selected {
    print("== stage \(stage.number) (\(stage.target)), scenario \(scenario)")
    switch runner.reports(scenario: scenario, stage: stage, launch: launch) {
    case .failure(let failure):
        fail("the scenario did not run: \(failure.what)\n\(failure.output)", status: 1)
    case .success(let reports):
        if reports.isEmpty { print("   no report\n") }
        for (index, report) in reports.enumerated() {
            total += 1
            if raw {
                print(demangled(report.text))
                continue
            }
            let finding = attributor.attribute(report, stage: stage, sources: sources)
            print("-- report \(index + 1) of \(reports.count): \(report.kind)")
            if report.isRace {
                let properties = finding.properties.isEmpty ? "none the catalogue names" : finding.properties.sorted().joined(separator: ", ")
                print("  property: \(properties)")
                print("  between:  \(finding.contexts.map { contextWords[$0]! }.joined(separator: " and "))")
                print("  row:      \(finding.rows.isEmpty ? "none (an unexpected report: \(finding.reason))" : finding.rows.joined(separator: ", "))")
            }
            for access in report.accesses.prefix(2) {
                describe(access).forEach { print($0) }
            }
            print("")
        }
    }
}
print("tsan: \(selected.count) scenario\(selected.count == 1 ? "" : "s") run on stage \(stage.number), \(total) report\(total == 1 ? "" : "s"); the raw reports: Scripts/tsan \(positional.joined(separator: " ")) --raw")
