import Foundation
import MatrixKit

/// A ThreadSanitizer report as a note quotes it, trimmed: its accesses in order, each with
/// its kind (read or write), its thread kind (main or another), and the stage-source
/// locations of the frames the note kept.
public struct QuotedReport: Sendable, Equatable {
    public struct Access: Sendable, Equatable {
        public var kind: String
        public var onMain: Bool
        public var locations: [String]
        public var header: String
    }

    public var accesses: [Access]

    /// Every report a block quotes: a new one starts at each "WARNING: ThreadSanitizer" line.
    public static func all(in lines: [String]) -> [QuotedReport] {
        var groups: [[String]] = [[]]
        for line in lines {
            if line.contains("WARNING: ThreadSanitizer"), !(groups.last ?? []).isEmpty { groups.append([]) }
            groups[groups.count - 1].append(line)
        }
        return groups.compactMap(QuotedReport.init(lines:))
    }

    /// Reads the block; `nil` when it holds no access header.
    public init?(lines: [String]) {
        var accesses: [Access] = []
        for raw in lines {
            let line = raw.trimmingCharacters(in: .whitespaces)
            let lowered = line.lowercased()
            if line.hasSuffix(":"), line.contains(" by "), lowered.contains("read") || lowered.contains("write") || lowered.contains("access") {
                let kind = lowered.contains("write") || lowered.contains("modifying") ? "write" : "read"
                accesses.append(Access(kind: kind, onMain: lowered.contains("by main thread"), locations: [], header: line))
            } else if line.hasPrefix("#"), !accesses.isEmpty {
                accesses[accesses.count - 1].locations += Note.matches(of: #"(Sources/[^\s:]+\.swift:\d+)"#, in: line)
            }
        }
        guard !accesses.isEmpty else { return nil }
        self.accesses = accesses
    }

    /// Why no report of `reports` shows this one; `nil` when one does. A report shows it when
    /// its accesses, in order, have the quoted kinds and thread kinds, and each quoted
    /// location is a frame of the matching access (at that access's line).
    public func mismatch(in reports: [TSanReport]) -> String? {
        let races = reports.filter(\.isRace)
        guard !races.isEmpty else { return "the scenario reported no race" }
        var closest: String?
        for report in races {
            guard report.accesses.count >= accesses.count else { continue }
            var problem: String?
            for (quoted, access) in zip(accesses, report.accesses) {
                if quoted.kind != access.kind { problem = "\"\(quoted.header)\" is a \(access.kind) in the report"; break }
                if quoted.onMain != access.isMainThread {
                    problem = "\"\(quoted.header)\" runs on \(access.isMainThread ? "the main thread" : access.thread) in the report"; break
                }
                let frames = Set(access.frames.compactMap { frame in frame.packageSourcePath.flatMap { path in frame.line.map { "\(path):\($0)" } } })
                if let missing = quoted.locations.first(where: { !frames.contains($0) }) {
                    problem = "no frame at \(missing) in the access \"\(quoted.header)\""; break
                }
            }
            guard let problem else { return nil }
            closest = closest ?? problem
        }
        return "no report matches access by access (\(closest ?? "too few accesses"))"
    }
}
