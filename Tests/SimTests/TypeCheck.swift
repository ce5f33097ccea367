import Foundation

/// One Swift file type-checked by `swiftc`, and the warnings and errors it drew.
struct TypeCheck {
    /// A warning or an error; notes are left out (they explain, the verdict is the same).
    struct Diagnostic: Hashable, Comparable, CustomStringConvertible {
        var line: Int
        var severity: String
        var message: String

        static func < (lhs: Self, rhs: Self) -> Bool {
            (lhs.line, lhs.severity, lhs.message) < (rhs.line, rhs.severity, rhs.message)
        }

        var description: String { "\(severity): \(message)" }
    }

    /// The checked file's diagnostics, by line.
    var diagnostics: [Diagnostic] = []
    /// Warnings and errors anywhere else (a header, a module that failed to load), as printed.
    var elsewhere: [String] = []
    var exitStatus: Int32 = 0

    /// Type-checks `source` (written to a file named `name` in a new temporary folder) with
    /// `arguments` added to swiftc's.
    static func run(_ source: String, name: String, arguments: [String]) throws -> TypeCheck {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("TypeCheck-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(name)
        try source.write(to: file, atomically: true, encoding: .utf8)

        // Output goes to a file, not a pipe, so that a chatty compiler cannot fill the pipe and stall.
        let outputFile = folder.appendingPathComponent("output.txt")
        _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        let output = try FileHandle(forWritingTo: outputFile)
        defer { try? output.close() }
        let process = Process()
        process.executableURL = try swiftc()
        process.arguments = ["-typecheck", file.path, "-diagnostic-style=llvm"] + arguments
        process.standardOutput = output
        process.standardError = output
        try process.run()
        process.waitUntilExit()

        var result = TypeCheck(exitStatus: process.terminationStatus)
        let text = try String(contentsOf: outputFile, encoding: .utf8)
        for line in text.split(separator: "\n") {
            // "path:line:column: severity: message"; excerpt and note lines do not match.
            guard let match = line.firstMatch(of: /^(.+):(\d+):\d+: (error|warning): (.*)$/) else { continue }
            if match.1 == file.path, let number = Int(match.2) {
                result.diagnostics.append(Diagnostic(line: number, severity: String(match.3), message: String(match.4)))
            } else {
                result.elsewhere.append(String(line))
            }
        }
        result.diagnostics.sort()
        return result
    }

    /// The toolchain's `swiftc`, found on PATH as `swift test` leaves it.
    static func swiftc() throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for folder in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("swiftc")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw Missing(what: "swiftc on PATH (\(path))")
    }

    struct Missing: Error, CustomStringConvertible {
        var what: String
        var description: String { "not found: \(what)" }
    }
}
