import Foundation
import Testing

/// The fixes the newer rows teach are claims about Swift: Kit/Explain/fixes/taught-fixes.swift
/// writes each one out and must compile without a diagnostic. The same command on the file
/// that reproduces those kinds prints them, so a silent compiler proves nothing here.
struct TaughtFixesTests {
    static func compile(_ file: String) throws -> (status: Int32, output: String) {
        let url = Kit.root.appendingPathComponent(file)
        let flags = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").first?
            .replacingOccurrences(of: "// explain: ", with: "").split(separator: " ").map(String.init) ?? []
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc"] + flags + ["-parse-as-library", "-emit-sil", "-o", "/dev/null", url.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test func theFixesTheTableTeachesCompileCleanly() throws {
        let fixes = try Self.compile("Kit/Explain/fixes/taught-fixes.swift")
        #expect(fixes.status == 0, "\(fixes.output)")
        #expect(!fixes.output.contains("error:") && !fixes.output.contains("warning:"), "\(fixes.output)")
        let kinds = try Self.compile("Kit/Explain/repro/isolation-mismatch.swift")
        #expect(kinds.status != 0 && kinds.output.contains("error:"))
    }
}
