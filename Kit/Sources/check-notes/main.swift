import Foundation
import NotesKit

// Checks that every code block, diagnostic, TSan report, command and name in the notes
// (Steps/ and its folders, and Kit/MAINTAINERS.md) is still true of the package. See Kit/NOTES-FORMAT.md.

let usage = """
    Usage: check-notes [--quick | --compiler-only | --gated-only] [--root DIR] [NOTE ...]

    Checks the notes in Steps/ and Kit/MAINTAINERS.md (or only the NOTEs given, as paths
    from the root, e.g. Steps/04-actors/awaiting.md) against
    the package (see Kit/NOTES-FORMAT.md):
    excerpts, diffs, catalogue flips, commands and names, and, unless --quick, the
    captured compiler diagnostics (rebuilt from patched scratch copies), the captured
    ThreadSanitizer reports (rerun) and the tracker commands (run). --compiler-only checks
    the quick part and the compiler and migrate blocks only (Scripts/compare-diagnostics).
    --gated-only checks the quick part and the blocks for a newer toolchain (swift=X.Y) only.
    """

var quick = false
var compilerOnly = false
var gatedOnly = false
var root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
var only: [String] = []
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--quick": quick = true
    case "--compiler-only": compilerOnly = true
    case "--gated-only": gatedOnly = true
    case "--root":
        guard let value = arguments.popFirst() else { fail("--root needs a folder") }
        root = URL(fileURLWithPath: value)
    case "--help", "-h":
        print(usage)
        exit(0)
    case let path where !path.hasPrefix("-"): only.append(path)
    default: fail("unknown argument '\(argument)'")
    }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("check-notes: \(message)\n\n\(usage)\n".utf8))
    exit(2)
}

let package = PackageFacts(root: root)
guard package.exists("Package.swift"), package.exists("Steps") else { fail("\(root.path) is not the kit's package root") }

let interactive = isatty(2) == 1
func progress(_ text: String) {
    let line = interactive ? "\r\u{1B}[K\(text)" : "\(text)\n"
    FileHandle.standardError.write(Data(line.utf8))
}

let notes = package.notes().filter { only.isEmpty || only.contains($0.path) }
if notes.count < Set(only).count { fail("no such note among \(package.notes().map(\.path)): \(only)") }
var problems: [Problem] = []
var notRunHere: [String] = []
let quickChecks = QuickChecks(package: package)
for note in notes { problems += quickChecks.check(note) }
// Whole-kit checks look at every note, whichever were selected (a probe shown in another note is shown).
problems += KitChecks(package: package).check(notes: package.notes())
if !quick {
    let scratch = root.appendingPathComponent(".build-notes")
    let slow = SlowChecks(package: package, scratch: scratch, progress: progress)
    slow.compilerOnly = compilerOnly
    slow.gatedOnly = gatedOnly
    for note in notes { problems += slow.check(note) }
    notRunHere = slow.notRunHere
    if interactive { progress("") }
}

let fences = notes.flatMap(\.fences)
let illustrations = fences.filter(\.isIllustration).count
// Blocks only the slow half checks: compiler, TSan, suite and probe blocks, and tracker commands.
let isSlow = { (fence: Note.Fence) in
    !fence.isIllustration && (fence.value("compiler") != nil || fence.value("tsan") != nil || fence.value("suite") != nil
        || fence.value("output") != nil || (fence.language == "sh" && !QuickChecks.trackerCommands(in: fence).isEmpty))
}
let slowOnly = fences.filter(isSlow).count
// What --compiler-only runs of them: compiler and migrate blocks, and blocks for a newer toolchain.
let compilerBlocks = fences.filter {
    !$0.isIllustration && ($0.value("compiler") != nil || $0.value("migrate") != nil || ($0.minimumSwift != nil && isSlow($0)))
}.count
let gatedBlocks = fences.filter { $0.minimumSwift != nil && isSlow($0) }.count
let skipped = quick ? slowOnly : compilerOnly ? slowOnly - compilerBlocks : gatedOnly ? slowOnly - gatedBlocks : 0
let verified = fences.count - illustrations - skipped - notRunHere.count
for problem in problems { print(problem) }
// Blocks for a newer toolchain (`swift=6.4`): said, not failed; CI's newest-toolchain job runs them.
for line in notRunHere { print(line) }
// Wrong wording another branch is fixing (Kit/wrong-claims.json, "awaiting"): said, not failed.
for pending in WrongClaims.pending(package) { print("pending: \(pending)") }
print("\(notes.count) notes, \(fences.count) code blocks: \(verified) verified, \(skipped) skipped, \(notRunHere.count) not run here (need a newer Swift)\(quick ? " (--quick)" : compilerOnly ? " (--compiler-only)" : gatedOnly ? " (--gated-only)" : ""), \(illustrations) illustrations (not checked): \(problems.isEmpty ? "all true" : "\(problems.count) problems")")
exit(problems.isEmpty ? 0 : 1)
