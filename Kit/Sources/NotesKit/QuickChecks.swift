import Foundation
import TrackerSpec

/// The checks that read files only: excerpts, diffs, catalogue flips, commands and names.
/// They run in the kit's own tests (NotesTests: `swift test --package-path Kit`) and in `Scripts/check-notes`.
public struct QuickChecks: Sendable {
    public let package: PackageFacts

    public init(package: PackageFacts) {
        self.package = package
    }

    public func check(_ note: Note) -> [Problem] {
        var problems: [Problem] = []
        for fence in note.fences {
            problems += check(fence, in: note)
        }
        problems += checkProse(note)
        problems += Figures.check(note)
        return problems
    }

    func check(_ fence: Note.Fence, in note: Note) -> [Problem] {
        let problem = { (message: String) in [Problem(note.path, fence.line, message)] }
        if let strict = Self.strictnessProblem(fence) { return problem(strict) }
        if let gate = ToolchainGate.problem(fence) { return problem(gate) }
        if fence.isIllustration { return [] }
        if let path = fence.value("source") { return checkSource(fence, path: path, in: note) }
        if let stages = fence.value("stages") { return checkDiff(fence, stages: stages, in: note) }
        if let step = fence.value("step"), fence.info.contains("flips") { return checkFlips(fence, step: step, in: note) }
        if fence.language == "sh" && fence.info.contains("run") { return checkCommands(fence, in: note) }
        if fence.value("probe") != nil || fence.value("output") != nil { return Probes.quickCheck(fence, in: note, checks: self) }
        if let stage = fence.value("timeline") { return checkTimelineBlock(fence, stage: stage, in: note) }
        if ["compiler", "tsan", "migrate", "suite"].contains(where: { fence.value($0) != nil }) { return [] }  // SlowChecks
        return problem("a code block must say what it shows (see Kit/NOTES-FORMAT.md): ```\(fence.info.joined(separator: " "))")
    }

    // MARK: Excerpts

    func checkSource(_ fence: Note.Fence, path: String, in note: Note) -> [Problem] {
        guard let text = package.read(path) else {
            return [Problem(note.path, fence.line, "no file \(path)")]
        }
        let file = text.components(separatedBy: "\n").map(Self.trailingTrimmed)
        let segments = fence.content.map(Self.trailingTrimmed).split { $0.trimmingCharacters(in: .whitespaces) == "// ..." }
        var position = 0
        for segment in segments where !segment.isEmpty {
            guard let found = Self.firstIndex(of: Array(segment), in: file, from: position) else {
                return [Problem(note.path, fence.line, "excerpt no longer in \(path), from: \(segment.first!.trimmingCharacters(in: .whitespaces))")]
            }
            position = found + segment.count
        }
        return []
    }

    static func trailingTrimmed(_ line: String) -> String {
        var line = line
        while line.last == " " || line.last == "\t" { line.removeLast() }
        return line
    }

    static func firstIndex(of run: [String], in lines: [String], from start: Int) -> Int? {
        guard run.count <= lines.count else { return nil }
        var index = start
        while index + run.count <= lines.count {
            if Array(lines[index..<index + run.count]) == run { return index }
            index += 1
        }
        return nil
    }

    // MARK: Diffs

    func checkDiff(_ fence: Note.Fence, stages: String, in note: Note) -> [Problem] {
        let ends = stages.components(separatedBy: "..")
        guard ends.count == 2, let a = package.stage(named: ends[0]), let b = package.stage(named: ends[1]),
              let file = fence.value("file")
        else {
            return [Problem(note.path, fence.line, "a diff block needs stages=A..B and file=NAME")]
        }
        let old = package.exists("Sources/\(a.target)/\(file)") ? "\(a.target)/\(file)" : "/dev/null"
        let new = package.exists("Sources/\(b.target)/\(file)") ? "\(b.target)/\(file)" : "/dev/null"
        let result = run(["diff", "-u", old, new], in: package.url("Sources"))
        let diffLines = result.output.components(separatedBy: "\n").dropFirst(2).map(Self.trailingTrimmed)
        var position = diffLines.startIndex
        for line in fence.content.map(Self.trailingTrimmed) {
            guard let first = line.first, "+- ".contains(first), !line.hasPrefix("+++"), !line.hasPrefix("---") else { continue }
            guard let found = diffLines[position...].firstIndex(of: line) else {
                return [Problem(note.path, fence.line, "not in the diff of \(file) from stage \(a.number) to \(b.number): \(line)")]
            }
            position = found + 1
        }
        return []
    }

    // MARK: Catalogue flips

    func checkFlips(_ fence: Note.Fence, step: String, in note: Note) -> [Problem] {
        guard let number = Int(step), number >= 1, number < Stage.all.count else {
            return [Problem(note.path, fence.line, "no step \(step)")]
        }
        let expected = Self.flips(step: number)
        let written = Set(fence.content.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
        guard written == expected else {
            let missing = expected.subtracting(written).sorted(), extra = written.subtracting(expected).sorted()
            return [Problem(note.path, fence.line, "step \(number) flips differ from the catalogue; missing \(missing), not in the catalogue \(extra)")]
        }
        return []
    }

    // MARK: Commands

    func checkCommands(_ fence: Note.Fence, in note: Note) -> [Problem] {
        var problems: [Problem] = []
        for (offset, line) in fence.content.enumerated() {
            let command = line.components(separatedBy: "#")[0]
            let words = command.split(separator: " ").map { String($0).trimmingCharacters(in: CharacterSet(charactersIn: "\"'")) }
            let at = fence.line + 1 + offset
            for (index, word) in words.enumerated() {
                if word.hasPrefix("Scripts/") && !package.exists(word) {
                    problems.append(Problem(note.path, at, "no script \(word)"))
                }
                if word == "--filter", index + 1 < words.count, !package.isTestFilter(words[index + 1]) {
                    problems.append(Problem(note.path, at, "--filter \(words[index + 1]) selects no test target"))
                }
            }
            if let script = words.firstIndex(of: "Scripts/diff-stages") {
                let stages = words[(script + 1)...].filter { !$0.hasPrefix("-") }
                if stages.count != 2 || stages.contains(where: { package.stage(named: $0) == nil }) {
                    problems.append(Problem(note.path, at, "diff-stages needs two stages: \(command)"))
                }
            }
        }
        return problems
    }

    /// `swift run tracker ARGS` commands in `sh run` blocks, for SlowChecks to run.
    public static func trackerCommands(in fence: Note.Fence) -> [(arguments: [String], offset: Int)] {
        fence.content.enumerated().compactMap { offset, line in
            let words = line.components(separatedBy: "#")[0].split(separator: " ").map(String.init)
            guard let index = words.firstIndex(of: "tracker"), index >= 2, words[index - 2] == "swift", words[index - 1] == "run" else { return nil }
            return (Array(words[(index + 1)...]), offset)
        }
    }

    // MARK: Prose

    func checkProse(_ note: Note) -> [Problem] {
        var problems: [Problem] = []
        let roots = ["Sources/", "Tests/", "Steps/", "Scripts/"]
        for mention in note.inlineCode {
            let text = mention.text.trimmingCharacters(in: .whitespaces)
            let first = String(text.split(separator: " ").first ?? "")
            if roots.contains(where: first.hasPrefix), !first.contains("*"), !package.exists(first.trimmingCharacters(in: CharacterSet(charactersIn: "/.,:"))) {
                problems.append(Problem(note.path, mention.line, "no such path: \(first)"))
            }
            if first.range(of: #"^Stage\d+(Tests|_\w+)$"#, options: .regularExpression) != nil,
               !package.stageTargets.contains(first), !package.testTargets.contains(first) {
                problems.append(Problem(note.path, mention.line, "no target \(first)"))
            }
        }
        for link in note.links where !link.text.contains("://") && !link.text.hasPrefix("#") {
            let path = String(link.text.split(separator: "#").first ?? "")
            if !path.isEmpty, !package.exists(Self.resolve(path, from: note.path)) {
                problems.append(Problem(note.path, link.line, "broken link: \(link.text)"))
            }
        }
        return problems
    }

    /// A relative link in a note, as a path from the package root.
    static func resolve(_ link: String, from notePath: String) -> String {
        var parts = notePath.split(separator: "/").dropLast().map(String.init)
        for part in link.split(separator: "/") {
            if part == ".." { _ = parts.popLast() } else if part != "." { parts.append(String(part)) }
        }
        return parts.joined(separator: "/")
    }
}
