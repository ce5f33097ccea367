import Foundation

/// Runs a command to the end and keeps what it printed (stdout and stderr together).
struct Run {
    var status: Int32
    var output: String

    static func command(_ arguments: [String], in directory: URL) -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do { try process.run() } catch { return Run(status: 127, output: "\(arguments[0]): \(error)") }
        // Read before waiting: a full pipe would block the child.
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }
}
