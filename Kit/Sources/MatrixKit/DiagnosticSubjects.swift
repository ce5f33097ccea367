import Foundation
import TrackerSpec

/// What a diagnostic is about, by declaration rather than by substring: the type a
/// "non-Sendable type 'X'" message names; otherwise the first quoted value, by its last
/// name ('self.model.healthKitController' is `healthKitController`); and for `self`, the
/// type declaration the diagnostic's line is in.
public enum DiagnosticSubjects {
    public static func subject(of diagnostic: CompilerDiagnostic, sources: some SourceLineReading) -> String? {
        let quoted = quotedNames(in: diagnostic.message)
        if let range = diagnostic.message.range(of: "non-Sendable type '"),
           let end = diagnostic.message[range.upperBound...].firstIndex(of: "'") {
            return String(diagnostic.message[range.upperBound..<end])
        }
        guard let first = quoted.first else { return nil }
        let last = String(first.split(separator: ".").last ?? "")
        guard last == "self" else { return last.isEmpty ? nil : last }
        return enclosingType(of: diagnostic.path, line: diagnostic.line, sources: sources)
    }

    /// The names in single quotes, in order.
    static func quotedNames(in message: String) -> [String] {
        message.split(separator: "'", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    /// The nearest type declaration at the start of a line at or above `line`.
    static func enclosingType(of path: String, line: Int, sources: some SourceLineReading) -> String? {
        let regex = try! NSRegularExpression(pattern: #"^(?:@\w+(?:\([^)]*\))? +)*(?:(?:public|internal|fileprivate|private|final|nonisolated) +)*(?:class|actor|struct|enum|extension) +(\w+)"#)
        var number = line
        while number >= 1 {
            if let text = sources.line(number, of: path),
               let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
               let name = Range(match.range(at: 1), in: text) {
                return String(text[name])
            }
            number -= 1
        }
        return nil
    }

    /// The diagnostics a compiler row counts: all of them for a row that names nothing,
    /// else those in one of its groups whose subject is one of its declarations.
    public static func counted(by defect: Defect, in diagnostics: [CompilerDiagnostic]) -> [CompilerDiagnostic] {
        guard case .compiler(let declarations, let groups) = defect.detector else { return [] }
        return diagnostics.filter { diagnostic in
            (groups.isEmpty || !Set(groups).isDisjoint(with: diagnostic.groups))
                && (declarations.isEmpty || diagnostic.subject.map(declarations.contains) == true)
        }
    }
}
