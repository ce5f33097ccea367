/// The diagnostics of one file compiled two ways, compared line by line, and the file's own
/// expectations: a line ending in `// diagnosed` must draw a diagnostic both ways, a line
/// ending in `// clean` none.
struct DiagnosticComparison {
    typealias Diagnostic = TypeCheck.Diagnostic

    struct Line {
        var number: Int
        var text: String
        var simulators: [Diagnostic]
        var headers: [Diagnostic]
        /// Why the line fails, if it does.
        var problem: String?
    }

    var lines: [Line] = []
    /// Left out of the comparison, with the reason (see `isAboutTheImport`).
    var ignored: [Diagnostic] = []

    var problems: [Line] { lines.filter { $0.problem != nil } }

    init(source: [Substring], simulators: [Diagnostic], headers: [Diagnostic]) {
        ignored = headers.filter { Self.isAboutTheImport($0, source: source) }
        let headers = headers.filter { !Self.isAboutTheImport($0, source: source) }
        for (index, text) in source.enumerated() {
            let number = index + 1
            let left = simulators.filter { $0.line == number }
            let right = headers.filter { $0.line == number }
            var problem: String?
            if left != right {
                problem = "the simulators and the headers differ"
            } else if text.hasSuffix("// diagnosed") && left.isEmpty {
                problem = "marked `diagnosed`, but nothing was diagnosed"
            } else if text.hasSuffix("// clean") && !left.isEmpty {
                problem = "marked `clean`, but diagnosed"
            }
            if problem != nil || !left.isEmpty || !right.isEmpty {
                lines.append(Line(number: number, text: String(text), simulators: left, headers: right, problem: problem))
            }
        }
    }

    /// Against an Objective-C module (never compiled with complete checking) the compiler
    /// adds, on the import line, a suggestion to import it `@preconcurrency`; against a module
    /// built in the Swift 6 mode, as the simulators are, it never does. It is about how the
    /// module is imported, not what it declares, so it is left out and listed.
    static func isAboutTheImport(_ diagnostic: Diagnostic, source: [Substring]) -> Bool {
        guard diagnostic.line >= 1, diagnostic.line <= source.count else { return false }
        return source[diagnostic.line - 1].hasPrefix("import ") && diagnostic.message.hasPrefix("add '@preconcurrency' to ")
    }

    /// Every diagnosed or failing line: the source, then what each side said.
    var sideBySide: String {
        var report: [String] = []
        for line in lines {
            let mark = line.problem == nil ? "=" : "≠"
            report.append("\(mark) \(line.number): \(line.text.trimmingCharacters(in: .whitespaces))")
            if let problem = line.problem { report.append("    \(problem)") }
            for diagnostic in line.simulators { report.append("    simulators: \(diagnostic)") }
            if line.simulators.isEmpty { report.append("    simulators: (nothing)") }
            for diagnostic in line.headers { report.append("    headers:    \(diagnostic)") }
            if line.headers.isEmpty { report.append("    headers:    (nothing)") }
        }
        for diagnostic in ignored {
            report.append("  left out, about the import (line \(diagnostic.line)): \(diagnostic)")
        }
        return report.joined(separator: "\n")
    }
}
