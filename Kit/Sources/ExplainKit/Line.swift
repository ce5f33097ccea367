import Foundation

/// What one line of the input is.
enum Line {
    /// A diagnostic or a trap.
    case entry(Entry)
    /// A compiler note, as its own line (`path:3:5: note: …`) or in a source excerpt (`` `- note: ``).
    case note(String, location: String?)
    /// A line holding only a location (Xcode's build log puts it under "Swift Compiler Error").
    case path(String)
    /// A diagnostic repeated in a source excerpt under the line that printed it first (or,
    /// pasted alone, the only copy of it).
    case repeated(String, severity: String)
    /// A source excerpt ("12 |   foo()", "   |  ^"), a group's link footer.
    case excerpt
    /// Anything else: progress, a summary, prose; a wrapped piece of the line before.
    case other

    /// The entry a line given alone stands for: anything read as a diagnostic, a note alone.
    var entry: Entry? {
        switch self {
        case .entry(let entry): return entry
        case .note(let note, let location): return Entry(location: location, severity: "note", message: note,
                                                          groups: LogReader.groups(in: note))
        case .repeated(let message, let severity): return Entry(location: nil, severity: severity, message: message,
                                                                 groups: LogReader.groups(in: message))
        default: return nil
        }
    }

    static func classify(_ line: String, matcher: Matcher) -> Line {
        if matcher.runtimeRow(forLine: line) != nil {
            return .entry(Entry(location: nil, severity: "runtime", message: line, groups: []))
        }
        if let excerpt = excerpt(line) { return excerpt }
        if let marked = marked(line) { return marked }
        if let severe = withSeverity(line) { return severe }
        if let range = line.range(of: #"^\S+\.swift(interface)?:\d+(:\d+)?:?$"#, options: .regularExpression) {
            return .path(LogReader.shortPath(line[range].trimmingCharacters(in: CharacterSet(charactersIn: ":"))) ?? line)
        }
        // "path.swift:12:5 message", as Xcode's issue list copies it (no severity).
        if let range = line.range(of: #"^\S+\.swift(interface)?:\d+:\d+:? "#, options: .regularExpression) {
            let message = String(line[range.upperBound...])
            if Shape.isDiagnostic(message, matcher: matcher) {
                let location = line[range].trimmingCharacters(in: CharacterSet(charactersIn: ": "))
                return .entry(Entry(location: LogReader.shortPath(location), severity: nil, message: message,
                                    groups: LogReader.groups(in: message)))
            }
            return .other
        }
        // The region checker's explanation, pasted without "note:", belongs to the line before.
        if Shape.isRegionExplanation(line), matcher.row(forMessage: line) == nil { return .note(line, location: nil) }
        // A message copied without location or severity (Xcode's issue navigator).
        if Shape.isDiagnostic(line, matcher: matcher) {
            return .entry(LogReader.bare(line))
        }
        return .other
    }

    /// Swift 6's source excerpts: numbered lines, gutters, the diagnostics repeated under
    /// them (`|- error: …`), the notes (`` `- note: …``), the "[#Group]: <link>" footers.
    static func excerpt(_ line: String) -> Line? {
        let inGutter = line.hasPrefix("|") || line.range(of: #"^\d+\s*\|"#, options: .regularExpression) != nil
        if let marker = line.range(of: #"(`|\|)- (note|remark): "#, options: .regularExpression), inGutter || line.hasPrefix("`") {
            return .note(String(line[marker.upperBound...]), location: nil)
        }
        if let marker = line.range(of: #"(`|\|)- (error|warning): "#, options: .regularExpression), inGutter || line.hasPrefix("`") {
            return .repeated(String(line[marker.upperBound...]), severity: line[marker].contains("error") ? "error" : "warning")
        }
        if inGutter || line.hasPrefix("[#") || line.hasPrefix(":") || line.hasPrefix("`-") || line.hasPrefix("|-") {
            return .excerpt
        }
        return nil
    }

    /// xcpretty's "⚠️  path:12:5: message" and "❌  path:12:5: message"; Xcode's build log
    /// "Swift Compiler Error (Xcode): message", its path on the next line.
    static func marked(_ line: String) -> Line? {
        for (mark, severity) in [("\u{26A0}\u{FE0F}", "warning"), ("\u{26A0}", "warning"), ("\u{274C}", "error")]
        where line.hasPrefix(mark) {
            let rest = line.dropFirst(mark.count).trimmingCharacters(in: .whitespaces)
            guard let range = rest.range(of: #"^\S+\.swift(interface)?:\d+:\d+: "#, options: .regularExpression) else { return nil }
            let message = String(rest[range.upperBound...])
            return .entry(Entry(location: LogReader.shortPath(String(rest[range].dropLast(2))), severity: severity,
                                message: message, groups: LogReader.groups(in: message)))
        }
        for (label, severity) in [("Swift Compiler Error", "error"), ("Swift Compiler Warning", "warning")]
        where line.hasPrefix(label) {
            guard let colon = line.range(of: "): ") ?? line.range(of: ": ") else { return nil }
            let message = String(line[colon.upperBound...])
            return .entry(Entry(location: nil, severity: severity, message: message, groups: LogReader.groups(in: message)))
        }
        return nil
    }

    /// "path:12:5: warning: message", "error: message", a retyped "Warning: message"; a
    /// note with or without its location.
    static func withSeverity(_ line: String) -> Line? {
        for severity in ["error", "warning", "note", "remark"] {
            // Compilers print it in lower case; a line retyped into an issue may open with "Warning: ".
            guard let marker = line.range(of: "\(severity): ")
                ?? line.range(of: "\(severity): ", options: [.anchored, .caseInsensitive]) else { continue }
            let before = line[..<marker.lowerBound].trimmingCharacters(in: .whitespaces)
            // "terror: " is no severity: the word must stand alone.
            if let previous = line[..<marker.lowerBound].last, previous.isLetter { continue }
            let message = String(line[marker.upperBound...])
            let location = before.hasSuffix(":") ? String(before.dropLast()) : (before.isEmpty ? nil : before)
            // A note's own place tells where the type it names lives: "Foundation.OutputStream:1:12"
            // is a module's interface, another file may be another module's source.
            if severity == "note" || severity == "remark" { return .note(message, location: location) }
            return .entry(Entry(location: location.flatMap(LogReader.shortPath), severity: severity, message: message,
                                groups: LogReader.groups(in: message)))
        }
        return nil
    }
}

/// Does a line without severity or location read like a compiler's message?
enum Shape {
    static let vocabulary = ["isolated", "sendable", "actor", "concurren", "data race", "async", "await", "deprecated",
                             "cannot", "conform", "capture", "mutable", "nonisolated", "non-isolated", "unavailable",
                             "protocol", "closure", "converting", "sending", "global", "task", "initializer"]

    static func isDiagnostic(_ text: String, matcher: Matcher) -> Bool {
        if matcher.row(forMessage: text) != nil { return true }
        // Quoted names are the compiler's; code has braces and assignments outside quotes.
        let prose = text.replacingOccurrences(of: #"'[^']*'|`[^`]*`"#, with: "'x'", options: .regularExpression)
        guard prose.range(of: #"[{}=]|;\S|//|^\s*(let|var|func|import|case|return|@)\b"#, options: .regularExpression) == nil,
              let first = prose.first, first.isLetter else { return false }
        let words = prose.split(separator: " ").count
        let lower = prose.lowercased()
        return words >= 4 && prose.contains("'x'") && vocabulary.contains { lower.contains($0) }
    }

    /// The region checker's explanations, pasted without "note:": "'x' is captured by a
    /// main actor-isolated closure…", "task-isolated 'x' is passed as a 'sending' parameter…".
    static func isRegionExplanation(_ line: String) -> Bool {
        let lower = line.lowercased()
        return ["is captured by a", "is passed as a 'sending' parameter", "risks causing data races between",
                "could race", "is later accessed", "access can happen concurrently"].contains { lower.contains($0) }
    }
}

/// A line a terminal or a CI log wrapped: no location, no severity, continuing the message
/// before it.
enum Continuation {
    static let openEndings = ["to", "of", "in", "a", "an", "the", "with", "from", "by", "and", "or", "type", "for",
                              "isolated", "non-sendable", "nonisolated", "between", "as", "be", "cannot", "may"]

    static func joins(_ message: String, _ next: String, matcher: Matcher) -> Bool {
        guard !next.isEmpty, next.range(of: #"^\[\d+/\d+\]|^(Compiling|Build|Emitting|Linking)\b"#,
                                         options: .regularExpression) == nil else { return false }
        // An odd number of quotes: the line broke inside a name.
        if message.filter({ $0 == "'" }).count % 2 == 1 { return true }
        let lastWord = message.split(separator: " ").last.map { $0.lowercased() } ?? ""
        if openEndings.contains(lastWord) || message.hasSuffix(",") || message.hasSuffix("-") { return true }
        // A lower-case piece that turns an unknown message into one the table knows.
        if let first = next.first, first.isLowercase || first == "'" || first == ";" {
            return matcher.row(forMessage: message) == nil && matcher.row(forMessage: message + " " + next) != nil
                || first == ";"
        }
        return false
    }
}
