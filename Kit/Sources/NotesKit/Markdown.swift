import Foundation

/// A step note, read as far as the checks need: its fenced blocks, its inline code and
/// its links, each with the line it starts on.
public struct Note: Sendable {
    public struct Fence: Sendable {
        /// The words after the opening fence: the language, then what to check.
        public let info: [String]
        public let lines: [String]
        /// 1-based line of the opening fence.
        public let line: Int
    }

    public struct Mention: Sendable {
        public let text: String
        public let line: Int
    }

    public let path: String
    /// The note as it was read: prose and blocks.
    public let text: String
    public let fences: [Fence]
    /// Inline code spans outside fenced blocks.
    public let inlineCode: [Mention]
    /// Targets of Markdown links outside fenced blocks.
    public let links: [Mention]

    public init(path: String, text: String) {
        self.path = path
        self.text = text
        var fences: [Fence] = []
        var inlineCode: [Mention] = []
        var links: [Mention] = []
        var open: (info: [String], line: Int, lines: [String])?
        for (index, line) in text.components(separatedBy: "\n").enumerated() {
            let number = index + 1
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") {
                if let block = open {
                    fences.append(Fence(info: block.info, lines: block.lines, line: block.line))
                    open = nil
                } else {
                    let info = trimmed.dropFirst(3).split(separator: " ").map(String.init)
                    open = (info, number, [])
                }
                continue
            }
            if open != nil {
                open!.lines.append(line)
                continue
            }
            inlineCode += Note.matches(of: #"`([^`]+)`"#, in: line).map { Mention(text: $0, line: number) }
            links += Note.matches(of: #"\]\(([^)\s]+)\)"#, in: line).map { Mention(text: $0, line: number) }
        }
        if let block = open {
            fences.append(Fence(info: block.info, lines: block.lines, line: block.line))
        }
        self.fences = fences
        self.inlineCode = inlineCode
        self.links = links
    }

    /// The first capture group of every match of `pattern` in `text`.
    static func matches(of pattern: String, in text: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: pattern)
        let range = NSRange(text.startIndex..., in: text)
        return regex.matches(in: text, range: range).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }
}

extension Note.Fence {
    /// The value of `key=value` in the info string.
    public func value(_ key: String) -> String? {
        info.first { $0.hasPrefix(key + "=") }.map { String($0.dropFirst(key.count + 1)).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
    }

    public var language: String { info.first ?? "" }

    public var isIllustration: Bool { info.dropFirst().contains("illustration") }

    /// The block's lines without leading and trailing blank lines.
    public var content: [String] {
        var lines = self.lines
        while lines.first?.trimmingCharacters(in: .whitespaces).isEmpty == true { lines.removeFirst() }
        while lines.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { lines.removeLast() }
        return lines
    }
}
