import Foundation
import SimSupport
import TSanHooks
import TrackerSpec

/// Where this test process reads ThreadSanitizer's reports from, chosen once when the ledger
/// starts (see `Kit/MAINTAINERS.md`, "Mechanisms measured on Linux only").
///
/// First choice: the runtime's public report callback (`TSanHooks`), if a probe at start
/// shows the runtime calls it in this binary. Otherwise, or when `KIT_FORCE_FALLBACK`
/// names `tsan-report`, the reports TSan printed, read back from its log file. When neither
/// can be had, no verdict: the lines say the races were not measured.
enum TSanReportSource {
    /// The callback; `holds`: the runtime also asks the internal hook before printing, so
    /// the checks can keep a catalogue race from being printed twice.
    case callback(holds: Bool)
    case log(TSanLogReader)
    /// Why nothing can be counted.
    case unmeasured(String)

    /// The source for this process; `nil` without TSan.
    static func choose() -> TSanReportSource? {
        guard tsan_hooks_available() else { return nil }
        let why: String
        if let forced = PlatformFallback.forced(.tsanReport) {
            why = forced
        } else {
            let probe = tsan_hooks_probe_result()
            if probe >= 0, probe & Int32(TSAN_HOOKS_PROBE_PUBLIC) != 0 {
                return .callback(holds: probe & Int32(TSAN_HOOKS_PROBE_INTERNAL) != 0)
            }
            why = probe < 0
                ? "the check at start could not plant its race in a child of this test binary"
                : "the runtime did not call its report callback (__tsan_on_report) for a race planted at start"
        }
        if let reader = TSanLogReader.start() {
            PlatformFallback.announce(.tsanReport, why, fallback: "the verdict lines come from the reports TSan printed, read back from \(reader.path)")
            return .log(reader)
        }
        let reason = "\(why), and TSan's reports could not be redirected to a file to read"
        PlatformFallback.announce(.tsanReport, reason, fallback: "no verdict line is measured in this process")
        return .unmeasured(reason)
    }
}

/// The reports TSan writes to its log file, read as they come: the file `log_path` in
/// `TSAN_OPTIONS` names (the matrix and `Scripts/tsan` set it), or else one in a temporary
/// folder that this process tells TSan to write to (`__sanitizer_set_report_path`), whose
/// reports it then copies to standard error, where TSan would have printed them.
final class TSanLogReader: @unchecked Sendable {
    // `@unchecked Sendable` is sound: `offset` is touched only under the ledger's lock.
    let path: String
    /// The folder this process made for the file, removed at exit; nil for `log_path`'s.
    private let folder: URL?
    private var offset = 0

    private init(path: String, folder: URL?) {
        self.path = path
        self.folder = folder
    }

    static func start() -> TSanLogReader? {
        if PlatformFallback.isForced(.tsanLog) { return nil }
        let pid = ProcessInfo.processInfo.processIdentifier
        if let prefix = logPath(in: ProcessInfo.processInfo.environment["TSAN_OPTIONS"] ?? "") {
            return TSanLogReader(path: "\(prefix).\(pid)", folder: nil)
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kit-tsan-\(pid)")
        guard (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil,
              tsan_hooks_set_report_path(folder.appendingPathComponent("tsan").path)
        else { return nil }
        return TSanLogReader(path: folder.appendingPathComponent("tsan.\(pid)").path, folder: folder)
    }

    /// `log_path=…` in TSan's options (separated by ':', ' ', ',' or a new line), when it
    /// names a file rather than standard error or output.
    static func logPath(in options: String) -> String? {
        let values = options.split(whereSeparator: { ":, \n\t".contains($0) })
            .filter { $0.hasPrefix("log_path=") }.map { String($0.dropFirst("log_path=".count)) }
        guard let last = values.last, !last.isEmpty, last != "stderr", last != "stdout" else { return nil }
        return last
    }

    /// The reports TSan finished writing since the last call; a report still being written
    /// waits for the next. Copied to standard error when this process redirected them.
    func take() -> [TSanReport] {
        guard let handle = FileHandle(forReadingAtPath: path) else { return [] }
        defer { try? handle.close() }
        try? handle.seek(toOffset: UInt64(offset))
        let text = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
        let complete = Self.completeReports(text)
        guard !complete.isEmpty else { return [] }
        offset += complete.utf8.count
        if folder != nil { FileHandle.standardError.write(Data(complete.utf8)) }
        return TSanLog.reports(in: complete)
    }

    /// The text up to the end of the last report TSan finished (the separator line after
    /// its SUMMARY line).
    static func completeReports(_ text: String) -> String {
        guard let summary = text.range(of: "SUMMARY: ThreadSanitizer:", options: .backwards),
              let separator = text.range(of: "==================\n", range: summary.upperBound..<text.endIndex)
        else { return "" }
        return String(text[..<separator.upperBound])
    }

    /// At exit: TSan prints to standard error again (its closing count, say), and the
    /// folder made for its file is removed.
    func finish() {
        guard let folder else { return }
        _ = tsan_hooks_set_report_path("stderr")
        try? FileManager.default.removeItem(at: folder)
    }
}
