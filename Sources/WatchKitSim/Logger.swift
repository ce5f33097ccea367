import Foundation

/// Stands in for `os.Logger`. Silent unless `TRACKER_LOG=1`, so logging never adds
/// output, or synchronisation, to a test run; each line goes out in one `write`. The
/// setting is read once per logger, not kept in a static: on Linux TSan treats each
/// access to a lazily initialised global as a lock (see `SimSupport.Unseen`).
public struct Logger: Sendable {
    private let enabled: Bool
    private let category: String

    public init(subsystem: String, category: String) {
        self.category = category
        enabled = ProcessInfo.processInfo.environment["TRACKER_LOG"] == "1"
    }

    public func debug(_ message: @autoclosure () -> String) { log("debug", message) }
    public func info(_ message: @autoclosure () -> String) { log("info", message) }
    public func error(_ message: @autoclosure () -> String) { log("error", message) }

    private func log(_ level: String, _ message: () -> String) {
        guard enabled else { return }
        let line = "[\(category)] \(level): \(message())\n"
        FileHandle.standardError.write(Data(line.utf8))
    }
}
