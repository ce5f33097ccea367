import Foundation

/// One compiler diagnostic: `file:line:col: warning|error: message [#Group]`.
public struct CompilerDiagnostic: Sendable, Hashable, Comparable {
    /// The path from "Sources/" on.
    public var path: String
    public var line: Int
    public var column: Int
    public var severity: String
    public var message: String
    /// The diagnostic groups named at the end of the message ("#SendableClosureCaptures").
    public var groups: [String]
    /// The declaration the diagnostic is about, once resolved (`DiagnosticSubjects`).
    public var subject: String?

    public var isDeprecation: Bool {
        groups.contains("#DeprecatedDeclaration") || message.contains("is deprecated")
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.path, lhs.line, lhs.column, lhs.message) < (rhs.path, rhs.line, rhs.column, rhs.message)
    }
}

/// Reads the diagnostics of one stage out of `swift build` output.
public enum CompilerDiagnostics {
    /// The unique warnings and errors whose file is under `Sources/<target>/`, deprecations
    /// excluded. The compiler prints each twice (the diagnostic line, then again inside its
    /// source excerpt, indented after "|"): only lines that start with a path count.
    public static func parse(_ output: String, target: String) -> [CompilerDiagnostic] {
        var seen: Set<CompilerDiagnostic> = []
        for line in output.split(separator: "\n") {
            guard let diagnostic = diagnostic(line), diagnostic.path.hasPrefix("Sources/\(target)/"),
                  !diagnostic.isDeprecation
            else { continue }
            seen.insert(diagnostic)
        }
        return seen.sorted()
    }

    /// "/work/main/Sources/Stage0_GCD/CoffeeData.swift:103:32: warning: capture of … [#SendableClosureCaptures]"
    static func diagnostic(_ line: Substring) -> CompilerDiagnostic? {
        guard let first = line.first, first != " ", first != "|", first != "\t" else { return nil }
        for severity in ["warning", "error"] {
            guard let marker = line.range(of: ": \(severity): ") else { continue }
            let location = line[..<marker.lowerBound].split(separator: ":", omittingEmptySubsequences: false)
            guard location.count >= 3, let lineNumber = Int(location[location.count - 2]),
                  let column = Int(location[location.count - 1])
            else { return nil }
            let file = location.dropLast(2).joined(separator: ":")
            guard let sources = file.range(of: "Sources/") else { return nil }
            let message = String(line[marker.upperBound...])
            return CompilerDiagnostic(
                path: String(file[sources.lowerBound...]), line: lineNumber, column: column,
                severity: severity, message: message, groups: groups(in: message))
        }
        return nil
    }

    /// The "#Group" names in the last bracket of a message.
    static func groups(in message: String) -> [String] {
        guard message.hasSuffix("]"), let open = message.range(of: "[#", options: .backwards) else { return [] }
        return message[message.index(after: open.lowerBound)..<message.index(before: message.endIndex)]
            .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix("#") }
    }

    /// How often each group occurs, most frequent first: [("#SendableClosureCaptures", 12), …].
    public static func groupCounts(_ diagnostics: [CompilerDiagnostic]) -> [(group: String, count: Int)] {
        var counts: [String: Int] = [:]
        for diagnostic in diagnostics {
            for group in diagnostic.groups { counts[group, default: 0] += 1 }
        }
        return counts.map { ($0.key, $0.value) }.sorted { ($1.count, $0.group) < ($0.count, $1.group) }
    }
}
