import Foundation
import TrackerSpec

/// The timeline as Chrome's trace event format (JSON), which Perfetto (ui.perfetto.dev)
/// and chrome://tracing open: one process per stage, one thread per lane.
public enum TimelineTrace {
    public static func render(_ timelines: [Timeline]) -> String {
        var events: [[String: Any]] = []
        for (index, timeline) in timelines.enumerated() {
            let pid = index + 1
            let origin = timeline.entries.first?.start ?? 0
            func micros(_ time: UInt64) -> Double { Double(time &- origin) / 1000 }
            events.append(["ph": "M", "pid": pid, "name": "process_name", "args": ["name": timeline.title]])
            for (tid, lane) in timeline.lanes.enumerated() {
                events.append(["ph": "M", "pid": pid, "tid": tid, "name": "thread_name",
                               "args": ["name": "\(timeline.code(lane))  \(lane.title)"]])
                events.append(["ph": "M", "pid": pid, "tid": tid, "name": "thread_sort_index", "args": ["sort_index": tid]])
            }
            let tids = Dictionary(uniqueKeysWithValues: timeline.lanes.enumerated().map { ($1, $0) })
            for entry in timeline.entries {
                var event: [String: Any] = [
                    "pid": pid, "tid": tids[entry.lane] ?? 0, "ts": micros(entry.start), "cat": entry.event.kind.rawValue,
                    "name": entry.event.what + (entry.note.map { " (\($0))" } ?? ""),
                    "args": ["findings": entry.findings.joined(separator: "; ")],
                ]
                if entry.event.end != nil {
                    event["ph"] = "X"
                    event["dur"] = micros(entry.end) - micros(entry.start)
                } else {
                    event["ph"] = "i"
                    event["s"] = "t"
                }
                events.append(event)
            }
            for stall in timeline.stalls {
                events.append(["ph": "X", "pid": pid, "tid": tids[.main] ?? 0, "ts": micros(stall.start),
                               "dur": micros(stall.end) - micros(stall.start), "cat": "stall", "name": "main ran nothing"])
            }
        }
        let object: [String: Any] = ["traceEvents": events, "displayTimeUnit": "ms"]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
