import Foundation

/// One line of a developer's input that looks like a diagnostic or a trap.
public struct Entry: Sendable, Hashable {
    /// `path:line:column` when the line has one.
    public var location: String?
    /// "error", "warning" or "runtime"; nil for a bare message pasted without its severity.
    public var severity: String?
    /// The message (without location and severity), or the whole line for a trap.
    public var message: String
    /// The `[#Group]` tags printed at its end.
    public var groups: [String]
}

/// Reads a build log (SwiftPM, Xcode, `swiftc`), a crash log, or one pasted line, into the
/// diagnostics and traps it holds. Everything else (progress lines, source excerpts, notes,
/// the compiler's "[#Group]: <link>" footers) is left out.
public enum LogReader {
    public static func entries(in text: String, matcher: Matcher, single: Bool) -> [Entry] {
        var seen: Set<Entry> = []
        var entries: [Entry] = []
        for raw in text.split(whereSeparator: \.isNewline) {
            guard let entry = entry(String(raw), matcher: matcher, single: single),
                  seen.insert(entry).inserted else { continue }
            entries.append(entry)
        }
        return entries
    }

    static func entry(_ raw: String, matcher: Matcher, single: Bool) -> Entry? {
        let line = raw.trimmingCharacters(in: .whitespaces)
        guard !line.isEmpty, !isExcerpt(line) else { return nil }
        if matcher.runtimeRow(forLine: line) != nil {
            return Entry(location: nil, severity: "runtime", message: line, groups: [])
        }
        if let diagnostic = diagnostic(line) { return diagnostic }
        // A message pasted without location or severity ("Capture of 'x' with …"): kept when
        // it is the whole input, or when the table knows it; other log lines are not diagnostics.
        if single || matcher.row(forMessage: line) != nil {
            return Entry(location: nil, severity: nil, message: line, groups: groups(in: line))
        }
        return nil
    }

    /// A source excerpt ("12 |   foo()", "   |  `- warning: …"), a link footer or a note.
    static func isExcerpt(_ line: String) -> Bool {
        if line.hasPrefix("|") || line.hasPrefix("[#") || line.hasPrefix(":") { return true }
        if line.range(of: #"^\d+\s*\|"#, options: .regularExpression) != nil { return true }
        return line.contains("`- ") || line.contains("|- ")
    }

    /// "path:12:5: warning: message", "error: message", or xcpretty's "⚠️  path:12:5: message";
    /// notes are dropped.
    static func diagnostic(_ line: String) -> Entry? {
        for (mark, severity) in [("\u{26A0}\u{FE0F}", "warning"), ("\u{26A0}", "warning"), ("\u{274C}", "error")]
        where line.hasPrefix(mark) {
            let rest = line.dropFirst(mark.count).trimmingCharacters(in: .whitespaces)
            guard let range = rest.range(of: #"^\S+\.swift:\d+:\d+: "#, options: .regularExpression) else { break }
            let message = String(rest[range.upperBound...])
            return Entry(location: shortPath(String(rest[range].dropLast(2))), severity: severity, message: message,
                         groups: groups(in: message))
        }
        for severity in ["error", "warning", "note", "remark"] {
            guard let marker = line.range(of: "\(severity): ") else { continue }
            if severity == "note" || severity == "remark" { return nil }
            let before = line[..<marker.lowerBound].trimmingCharacters(in: .whitespaces)
            let message = String(line[marker.upperBound...])
            let location = before.hasSuffix(":") ? String(before.dropLast()) : (before.isEmpty ? nil : before)
            return Entry(location: location.flatMap(shortPath), severity: severity, message: message,
                         groups: groups(in: message))
        }
        return nil
    }

    /// "/Users/me/App/Sources/Model.swift:12:5" → "Sources/Model.swift:12:5"; a prefix that
    /// is not a path (an Xcode "Fatal error" label, a build step) is no location.
    static func shortPath(_ location: String) -> String? {
        guard location.range(of: #"\.swift:\d+(:\d+)?$"#, options: .regularExpression) != nil else { return nil }
        let path = location.split(separator: " ").last.map(String.init) ?? location
        if path.hasPrefix("Sources/") || path.hasPrefix("Tests/") { return path }
        for root in ["/Sources/", "/Tests/"] {
            if let range = path.range(of: root, options: .backwards) {
                return String(path[path.index(after: range.lowerBound)...])
            }
        }
        return path.split(separator: "/").suffix(2).joined(separator: "/")
    }

    /// The "#Group" names in the brackets at the end of a message.
    public static func groups(in message: String) -> [String] {
        guard let range = message.range(of: #"\[#[^\]]*\]\s*$"#, options: .regularExpression) else { return [] }
        return message[range].dropFirst().dropLast().replacingOccurrences(of: "]", with: "")
            .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix("#") }.map { String($0.dropFirst()) }
    }
}
