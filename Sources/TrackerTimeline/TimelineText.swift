import Foundation
import TrackerSpec

/// The timeline for a terminal of 100 columns: a legend of the lanes, then the day's
/// events in time order, one line each, with a column per lane. Time runs down the page.
///
/// Each line reads: milliseconds since the day began, the lanes' columns (the event's mark
/// in its own lane, `┃` where other work is in progress, `▓` where main is stalled), the
/// lane's code, and what happened. Every time is printed with a decimal point and every
/// mark stands before the first letter, so a note can quote lines by their words (see
/// `Kit/NOTES-FORMAT.md`, blocks `text timeline=N`).
extension Timeline {
    public static let width = CatalogueTable.width

    public func renderText() -> String {
        var out = ["Where the work ran: \(title)", "(measured at the simulated SDK boundary: thread, queue, actor)", ""]
        out += lanes.map { "  " + pad(code($0), 4) + $0.title }
        out.append("")
        out.append("  ●  an event          ┬ ┴  work that took time, begun and ended")
        out.append("  ┃  work in progress   ▓    the main queue ran nothing (the watchdog's stall)")
        out.append("  ⚑  what the event shows: a catalogue row, by its name, or another finding")
        out.append("")
        out.append(pad("ms", 9) + lanes.map { pad(code($0), 3) }.joined())
        out += lines()
        return out.joined(separator: "\n")
    }

    /// A row of the chart: when, the mark, the event's lane, its words.
    struct Row {
        let time: UInt64
        let lane: TimelineLane
        let mark: Character
        let text: String
        let findings: [String]
        let entryID: Int?
        /// The entry whose end this row marks.
        var endOf: Int? = nil
    }

    /// Every row of the chart, in time order.
    func rows() -> [Row] {
        var rows: [Row] = []
        for entry in entries {
            let text = entry.event.what + (entry.note.map { " (\($0))" } ?? "")
            let long = entry.end - entry.start >= 1_000_000
            rows.append(Row(time: entry.start, lane: entry.lane, mark: long ? "┬" : "●", text: text,
                            findings: entry.findings, entryID: entry.event.id))
            if long {
                let took = String(format: "%.1f", Double(entry.end - entry.start) / 1_000_000)
                rows.append(Row(time: entry.end, lane: entry.lane, mark: "┴", text: "\(entry.event.what): done in \(took) ms",
                                findings: [], entryID: nil, endOf: entry.event.id))
            }
        }
        for stall in stalls {
            rows.append(Row(time: stall.start, lane: .main, mark: "▓",
                            text: "main ran nothing for \(String(format: "%.1f", stall.milliseconds)) ms (watchdog)",
                            findings: [], entryID: nil))
        }
        return rows.sorted { $0.time < $1.time }
    }

    /// The rows of each step of the day: those from the moment it began to the next's
    /// (the first step also takes the launch's, which the day's script notes after it).
    func rowsByPhase() -> [(title: String, rows: [Row])] {
        var out: [(title: String, rows: [Row])] = phases.map { ($0.title, []) }
        if out.isEmpty { out = [("", [])] }
        for row in rows() {
            let index = phases.lastIndex { $0.start <= row.time } ?? 0
            out[index].rows.append(row)
        }
        return out
    }

    /// The chart's lines: each step of the day as a heading where it began, then its rows.
    func lines() -> [String] {
        let origin = entries.first?.start ?? 0
        var out: [String] = []
        for (title, rows) in rowsByPhase() {
            // Wrapped like every other line: a scene's words can be longer than the terminal.
            let heading = "── " + title
            if !title.isEmpty { out += heading.count <= Self.width ? [heading] : CatalogueTable.wrap(title, width: Self.width, first: "── ", indent: "   ") }
            out += lines(of: rows, origin: origin)
        }
        return out
    }

    func lines(of rows: [Row], origin: UInt64) -> [String] {
        var out: [String] = []
        for row in rows {
            let time = String(format: "%7.1f  ", Double(row.time &- origin) / 1_000_000)
            let marks = self.marks(at: row.time, own: row.lane, mark: row.mark, skipping: row.entryID)
            let head = time + marks + pad(code(row.lane), 4)
            let blank = String(repeating: " ", count: 9) + self.marks(at: row.time, own: nil, mark: " ", skipping: row.entryID)
                + "    "
            out += CatalogueTable.wrap(row.text, width: Self.width, first: head, indent: blank)
            for finding in row.findings {
                out += CatalogueTable.wrap("⚑ " + finding, width: Self.width, first: blank, indent: blank + "  ")
            }
        }
        return out
    }

    /// The lanes' columns at `time`: `mark` in `own`, `┃` in a lane whose work is in
    /// progress, `▓` in main's while it is stalled.
    func marks(at time: UInt64, own: TimelineLane?, mark: Character, skipping: Int?) -> String {
        lanes.map { lane -> String in
            if lane == own { return String(mark) + "  " }
            let busy = entries.contains {
                $0.lane == lane && $0.event.id != skipping && $0.end - $0.start >= 1_000_000
                    && $0.start < time && time < $0.end
            }
            if busy { return "┃  " }
            if lane == .main && stalls.contains(where: { $0.start < time && time < $0.end }) { return "▓  " }
            return "   "
        }.joined()
    }

    func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
