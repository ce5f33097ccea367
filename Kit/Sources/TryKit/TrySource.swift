import Foundation

/// The snippet a learner gives `Scripts/try`: its text, the name its diagnostics carry,
/// whether it has an entry point, and the lines marked `// where?`.
public struct TrySource: Sendable {
    public var name: String
    public var text: String
    /// The folder the file was read from (nil for standard input): where the modules a
    /// `// probe uses:` line names are found.
    public var folder: URL?

    public init(name: String, text: String, folder: URL? = nil) throws {
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw TryError.input("the snippet is empty")
        }
        guard !text.contains("\u{0}") else { throw TryError.input("\(name) is not Swift source (it holds NUL bytes)") }
        self.name = name
        self.text = text
        self.folder = folder
    }

    var lines: [Substring] { text.split(separator: "\n", omittingEmptySubsequences: false) }

    /// `@main` makes it a library file with an entry point (compiled `-parse-as-library`).
    public var hasMainAttribute: Bool {
        lines.contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("@main") }
    }

    /// A statement at the file's top level (column 0, not a declaration, comment or
    /// attribute): the file is a script with top-level code.
    public var hasTopLevelCode: Bool {
        let declarations = ["import ", "func ", "class ", "struct ", "enum ", "actor ", "protocol ", "extension ",
                            "typealias ", "let ", "var ", "public ", "private ", "fileprivate ", "internal ", "final ",
                            "nonisolated ", "@", "//", "/*", "*", "}", "{", "#if", "#else", "#endif", "#sourceLocation"]
        var inComment = false
        for line in lines {
            let text = String(line)
            if inComment { if text.contains("*/") { inComment = false }; continue }
            if text.hasPrefix("/*"), !text.contains("*/") { inComment = true; continue }
            guard let first = text.first, !first.isWhitespace else { continue }
            if !declarations.contains(where: { text.hasPrefix($0) }) { return true }
        }
        return false
    }

    public var runs: Bool { hasMainAttribute || hasTopLevelCode }

    /// The line numbers (from 1) marked `// where?`.
    public var whereLines: [Int] {
        lines.enumerated().compactMap { index, line in line.contains("// where?") ? index + 1 : nil }
    }

    /// The text a column compiles: a line directive first, so that diagnostics, TSan's
    /// frames and `--where` name the learner's file and lines; with `marking`, each line
    /// marked `// where?` starts with a call that records where it runs (same line, so
    /// the numbers stay).
    func compiled(marking: Bool) -> String {
        let escaped = name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        var out = marking ? "import TryWhere\n" : ""
        out += "#sourceLocation(file: \"\(escaped)\", line: 1)\n"
        let body = lines.enumerated().map { index, line -> String in
            guard marking, line.contains("// where?") else { return String(line) }
            let indent = line.prefix { $0 == " " || $0 == "\t" }
            return indent + "TryWhere.mark(\(index + 1)); " + line.dropFirst(indent.count)
        }
        return out + body.joined(separator: "\n")
    }
}
