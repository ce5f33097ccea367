import Foundation
import MatrixKit

// Reading what the tools print: the compiler's diagnostics, a test process's end, the
// exercise's sources.
extension Grader {
    /// The lines of a runtime trap's message: Swift's and Dispatch's own words for it.
    static let trapMarkers = [
        "SWIFT TASK CONTINUATION MISUSE", "Fatal error", "Incorrect actor executor assumption",
        "BUG IN CLIENT OF LIBDISPATCH", "Precondition failed", "Assertion failed",
    ]

    /// Why a test process stopped: a trap's message first, then how it ended, then the end
    /// of its output without stack addresses.
    static func whyStopped(_ result: ProcessResult) -> [String] {
        let lines = result.output.split(separator: "\n").map(String.init)
        let traps = lines.filter { line in trapMarkers.contains { line.contains($0) } }
        var why = Array(traps.prefix(2))
        if let stopped = result.stoppedBecause {
            why = ["\(stopped): the workbench stopped the test process"]
        } else {
            why.append(result.crashed ? "the test process was \(result.failure)\(traps.isEmpty ? "" : " (the trap above)")" : "the test process ended: \(result.failure)")
        }
        let frames = crashedFrames(lines)
        if !frames.isEmpty {
            why.append("where, innermost first:\n" + frames.prefix(8).joined(separator: "\n"))
        } else if traps.isEmpty {
            let readable = lines.filter { $0.range(of: #"0x[0-9a-fA-F]{6,}"#, options: .regularExpression) == nil }
            why.append("the end of its output:\n" + readable.suffix(8).joined(separator: "\n"))
        }
        return why
    }

    /// The crashed thread's functions in Swift's backtrace, whose frame lines read
    /// "  6 [ra] [thunk] 0x000055… protocol witness for P.f() in conformance C + 94 in Module"
    /// and, for code with debug information, " at /path/File.swift:34:23".
    static func crashedFrames(_ lines: [String]) -> [String] {
        let frame = #/\s*\d+\s+(?:\[[a-z]+\]\s+)*0x[0-9a-fA-F]+\s+(.+?) \+ \d+ in (\S+)(?: at (\S+))?/#
        return lines.compactMap { line in
            guard let match = try? frame.wholeMatch(in: line) else { return nil }
            // A source line says more than the test bundle's name; the package's path is noise.
            let place = match.3.map { path in path.range(of: "Sources/").map { String(path[$0.lowerBound...]) } ?? String(path) }
            return "  \(match.1) (\(place.map { $0.contains("<compiler-generated>") ? "compiler-generated" : $0 } ?? String(match.2)))"
        }
    }

    /// "File.swift:12: the line" for each line of the exercise's sources that matches.
    func sourceMatches(_ pattern: String, in exercise: Exercise) -> [String] {
        let folder = workspace.exercise.appendingPathComponent("Sources/\(exercise.editedFolder)")
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return ["the pattern \(pattern) is not a regular expression"] }
        var found: [String] = []
        for file in ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted() where file.hasSuffix(".swift") {
            let text = (try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)) ?? ""
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let line = String(line)
                if regex.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil {
                    found.append("Exercise/Sources/\(exercise.editedFolder)/\(file):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        return found
    }

    /// Warnings and errors in the exercise's folder, deprecations included.
    static func diagnostics(in output: String, folder: String) -> [Diagnostic] {
        var seen: Set<String> = []
        var result: [Diagnostic] = []
        for line in output.split(separator: "\n") {
            guard let first = line.first, first != " ", first != "|" else { continue }
            for severity in ["error", "warning"] {
                guard let marker = line.range(of: ": \(severity): ") else { continue }
                let location = line[..<marker.lowerBound].split(separator: ":", omittingEmptySubsequences: false)
                guard location.count >= 3, let number = Int(location[location.count - 2]), let column = Int(location[location.count - 1]) else { break }
                let file = location.dropLast(2).joined(separator: ":")
                guard let start = file.range(of: "Sources/\(folder)/") else { break }
                let message = String(line[marker.upperBound...])
                let key = "\(file):\(number):\(column):\(message)"
                if seen.insert(key).inserted {
                    result.append(Diagnostic(
                        path: String(file[start.lowerBound...]), line: number, column: column, severity: severity, message: message))
                }
                break
            }
        }
        return result
    }

    func touchSources(_ exercise: Exercise) {
        let folder = workspace.exercise.appendingPathComponent("Sources/\(exercise.folder)")
        for file in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] {
            try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: folder.appendingPathComponent(file).path)
        }
    }
}

/// One compiler diagnostic in the exercise's folder ("Sources/<folder>/File.swift:12:5").
struct Diagnostic {
    var path: String
    var line: Int
    var column: Int
    var severity: String
    var message: String
}

extension String {
    var lowercasedFirst: String { prefix(1).lowercased() + dropFirst() }
}
