import Foundation

/// Counts of diagnostics in a note's prose ("eleven errors", "two concurrency warnings").
/// Each must equal a count of a compiler block in the same section (the lines between two
/// headings): a complete block's own lines, or an excerpt's `errors=N` / `warnings=N`,
/// which the slow check measures. An edit that changes the diagnostics then fails the
/// block, and an edit of the prose alone fails here: a figure cannot go stale unseen.
public enum Figures {
    public enum Kind: String, Sendable, CaseIterable {
        case errors, warnings
    }

    public struct Figure: Sendable, Equatable {
        public let kind: Kind
        public let value: Int
        public let text: String
    }

    static let numbers: [String: Int] = [
        "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
        "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
        "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20,
    ]

    /// A number, up to two describing words, then "error(s)" or "warning(s)". Words that
    /// make the number count something else ("one of the warnings") end the match.
    static let pattern = try! NSRegularExpression(
        pattern: #"(?<![\d.])\b(\d+|"# + numbers.keys.sorted().joined(separator: "|")
            + #")((?:\s+(?!(?:a|an|of|the|in|from|about|more|no|has|had|have|is|are|was|were|with|without|and|or|to|for|on|at|added)\b)[A-Za-z'-]+){0,2}?)\s+(errors?|warnings?)\b"#,
        options: [.caseInsensitive])

    /// The figures a line of prose states.
    public static func figures(in line: String) -> [Figure] {
        let range = NSRange(line.startIndex..., in: line)
        return pattern.matches(in: line, range: range).compactMap { match in
            guard let number = Range(match.range(at: 1), in: line), let noun = Range(match.range(at: 3), in: line),
                  let whole = Range(match.range, in: line) else { return nil }
            let word = line[number].lowercased()
            guard let value = Int(word) ?? numbers[word] else { return nil }
            let kind: Kind = line[noun].lowercased().hasPrefix("error") ? .errors : .warnings
            return Figure(kind: kind, value: value, text: String(line[whole]))
        }
    }

    /// What a compiler block counts, by kind. A complete block shows every diagnostic, so
    /// its lines count (warnings with and without the deprecations, which the checker sets
    /// aside); an excerpt counts only through its `errors=N` and `warnings=N` words.
    public static func counts(of fence: Note.Fence) -> [Kind: Set<Int>] {
        guard fence.value("compiler") != nil, !fence.isIllustration else { return [:] }
        var counts: [Kind: Set<Int>] = [:]
        if fence.info.contains("excerpt") {
            for kind in Kind.allCases {
                if let value = fence.value(kind.rawValue).flatMap(Int.init) { counts[kind] = [value] }
            }
            return counts
        }
        let lines = fence.content
        let errors = lines.filter { $0.contains(": error: ") }.count
        let warnings = lines.filter { $0.contains(": warning: ") }
        let deprecations = warnings.filter { $0.contains("is deprecated") }.count
        counts[.errors] = [errors]
        counts[.warnings] = [warnings.count, warnings.count - deprecations]
        return counts
    }

    /// A heading and what follows it, up to the next heading: its prose lines (numbered
    /// from 1, headings included) and its fenced blocks.
    public struct Section: Sendable {
        public let prose: [(line: Int, text: String)]
        public let fences: [Note.Fence]
    }

    /// The note's sections, read from its text and the fences `Note` found in it.
    public static func sections(of note: Note) -> [Section] {
        var inFence = Set<Int>()
        for fence in note.fences {
            inFence.formUnion(fence.line...(fence.line + fence.lines.count + 1))
        }
        let prose = note.text.components(separatedBy: "\n").enumerated()
            .map { (line: $0.offset + 1, text: $0.element) }
            .filter { !inFence.contains($0.line) }
        let starts = [0] + prose.filter { $0.text.hasPrefix("#") }.map(\.line)
        return starts.indices.map { index in
            let start = starts[index], end = index + 1 < starts.count ? starts[index + 1] : Int.max
            return Section(
                prose: prose.filter { $0.line >= start && $0.line < end },
                fences: note.fences.filter { $0.line > start && $0.line < end })
        }
    }

    /// Every figure in the note's prose that no compiler block of its section counts.
    public static func check(_ note: Note) -> [Problem] {
        var problems: [Problem] = []
        for section in sections(of: note) {
            var counted: [Kind: Set<Int>] = [:]
            for fence in section.fences {
                counted.merge(counts(of: fence)) { $0.union($1) }
            }
            for line in section.prose {
                for figure in figures(in: line.text) where !(counted[figure.kind]?.contains(figure.value) ?? false) {
                    let message = counted[figure.kind].map {
                        "\"\(figure.text)\": the section's compiler blocks count \($0.sorted().map(String.init).joined(separator: " or ")) \(figure.kind.rawValue)"
                    } ?? "\"\(figure.text)\": no compiler block of this section counts \(figure.kind.rawValue) (a complete block, or an excerpt with \(figure.kind.rawValue)=N)"
                    problems.append(Problem(note.path, line.line, message))
                }
            }
        }
        return problems
    }
}
