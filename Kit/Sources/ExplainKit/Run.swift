import Foundation

/// Runs a command to the end and keeps what it printed (stdout and stderr together).
struct Run {
    var status: Int32
    var output: String

    /// `onLine` sees each line as the command prints it (a progress report while it runs).
    static func command(_ arguments: [String], in directory: URL, onLine: ((Substring) -> Void)? = nil) -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do { try process.run() } catch { return Run(status: 127, output: "\(arguments[0]): \(error)") }
        // Read before waiting: a full pipe would block the child.
        var data = Data()
        var pending = Data()
        while true {
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            data.append(chunk)
            guard let onLine else { continue }
            pending.append(chunk)
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                onLine(Substring(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)))
                pending.removeSubrange(pending.startIndex...newline)
            }
        }
        process.waitUntilExit()
        return Run(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }
}
