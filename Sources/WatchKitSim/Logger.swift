import Foundation

/// Stands in for `os.Logger`. Silent unless `TRACKER_LOG=1`, so logging never adds
/// output, or synchronisation, to a test run; each line goes out in one `write`.
public struct Logger: Sendable {
    private static let enabled = ProcessInfo.processInfo.environment["TRACKER_LOG"] == "1"
    private let category: String

    public init(subsystem: String, category: String) {
        self.category = category
    }

    public func debug(_ message: @autoclosure () -> String) { log("debug", message) }
    public func info(_ message: @autoclosure () -> String) { log("info", message) }
    public func error(_ message: @autoclosure () -> String) { log("error", message) }

    private func log(_ level: String, _ message: () -> String) {
        guard Self.enabled else { return }
        let line = "[\(category)] \(level): \(message())\n"
        FileHandle.standardError.write(Data(line.utf8))
    }
}
