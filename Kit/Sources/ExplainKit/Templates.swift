import Foundation

/// Message templates: a diagnostic's wording with its names, types and paths as `%`.
/// Messages and templates are compared after `normalize`, which removes what varies
/// between Swift versions and tools but says nothing about the kind: case (Xcode
/// capitalises), backticks for quotes (Swift 6.0), "non-isolated" and "can not" (Swift
/// 5.10), the Swift 5 mode's suffix, the group tag.
public enum Templates {
    public static func normalize(_ message: String) -> String {
        var text = message.lowercased()
        for (from, to) in [("`", "'"), ("\u{2018}", "'"), ("\u{2019}", "'"), ("non-isolated", "nonisolated"),
                           ("can not ", "cannot ")] {
            text = text.replacingOccurrences(of: from, with: to)
        }
        text = text.replacingOccurrences(of: #"(\s*\[#[^\]]*\])+\s*$"#, with: "", options: .regularExpression)
        for suffix in ["; this is an error in the swift 6 language mode", "; this is an error in swift 6",
                       "; this will be an error in a future swift language mode"] {
            if let range = text.range(of: suffix) { text.removeSubrange(range.lowerBound...) }
        }
        text = text.replacingOccurrences(of: #"\s+"#, with: " ", options: .regularExpression)
        return text.trimmingCharacters(in: CharacterSet(charactersIn: " .;!"))
    }

    /// The template as a regular expression over normalised text: literal text, `%` for
    /// any run of characters. Anchored for a compiler message, found anywhere in a line for
    /// a run-time message. A cause's template that starts with `^` must start the text:
    /// `^actor-isolated %` is not found in "main actor-isolated …".
    public static func pattern(_ template: String, anchored: Bool) -> NSRegularExpression {
        let atStart = template.hasPrefix("^")
        let parts = normalize(atStart ? String(template.dropFirst()) : template)
            .components(separatedBy: "%").map(NSRegularExpression.escapedPattern(for:))
        let body = parts.joined(separator: ".+?")
        // A template made by hand is checked by the tests; a bad one is a bug, not input.
        return try! NSRegularExpression(pattern: anchored ? "^\(body)$" : (atStart ? "^" : "") + body)
    }

    public static func matches(_ regex: NSRegularExpression, _ text: String) -> Bool {
        regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }
}

/// The table's templates, compiled once, in table order.
public struct Matcher: Sendable {
    struct Compiled: @unchecked Sendable {  // NSRegularExpression is immutable once made
        let row: Row
        let regexes: [NSRegularExpression]
    }
    let compiled: [Compiled]

    public init(_ table: Table) {
        compiled = table.rows.map { row in
            Compiled(row: row, regexes: row.allTemplates.map { Templates.pattern($0, anchored: !row.isRuntime) })
        }
    }

    /// The compiler row for a message: by its `[#Group]` tags first, then by its wording. Among
    /// the rows of a printed group the wording decides; a group that names one row alone routes
    /// there even when its wording is newer than the table's. Without a tag, the first row whose
    /// template matches the whole message.
    public func row(forMessage message: String, groups: [String]? = nil) -> Row? {
        let text = Templates.normalize(message)
        let tags = Set((groups ?? LogReader.groups(in: message)).map(Self.groupKey))
        if !tags.isEmpty {
            let tagged = compiled.filter { !$0.row.isRuntime && $0.row.group.map { tags.contains(Self.groupKey($0)) } == true }
            if let hit = tagged.first(where: { $0.regexes.contains { Templates.matches($0, text) } }) { return hit.row }
            if tagged.count == 1 { return tagged[0].row }
        }
        return compiled.first { !$0.row.isRuntime && $0.regexes.contains { Templates.matches($0, text) } }?.row
    }

    /// A group tag as compared: the last part of a nested tag (Swift 6.4 prints
    /// `RegionIsolation::SendingRisksDataRace`), without case, dashes or underscores (Swift 6.1
    /// printed `sendable-closure-captures`).
    public static func groupKey(_ tag: String) -> String {
        let last = tag.components(separatedBy: "::").last ?? tag
        return String(last.lowercased().filter { $0.isLetter || $0.isNumber })
    }

    /// The run-time row whose template occurs in the line, if any.
    public func runtimeRow(forLine line: String) -> Row? {
        let text = Templates.normalize(line)
        return compiled.first { $0.row.isRuntime && $0.regexes.contains { Templates.matches($0, text) } }?.row
    }

    /// The row an entry routes to: a trap by its run-time row; a diagnostic by its message;
    /// a note pasted alone by its message, else by the row whose cause names such a note.
    public func row(for entry: Entry) -> Row? {
        if entry.severity == "runtime" { return runtimeRow(forLine: entry.message) }
        if let row = row(forMessage: entry.message, groups: entry.groups) { return row }
        guard entry.severity == "note" || entry.severity == nil else { return nil }
        let text = Templates.normalize(entry.message)
        return compiled.first { compiled in
            (compiled.row.causes ?? []).contains { cause in
                (cause.allNotes ?? []).contains { Templates.matches(Templates.pattern($0, anchored: false), text) }
            }
        }?.row
    }

    /// Does this one template (of `row`) match the message? For the verifier.
    public func template(_ template: String, of row: Row, matches message: String) -> Bool {
        Templates.matches(Templates.pattern(template, anchored: !row.isRuntime),
                          row.isRuntime ? Templates.normalize(message) : Templates.normalize(message))
    }
}
