import Foundation
import TrackerSpec

extension TimelinePage {
    /// One stage's timeline on the page: its legend, its lanes' headings, its rows.
    struct Panel {
        /// One line of the chart: an event (or a finding under it), at a row of its step.
        struct Line {
            let row: Timeline.Row
            let finding: String?
        }

        struct Phase {
            let title: String
            let lines: [Line]
        }

        let timeline: Timeline
        let phases: [Phase]
        let origin: UInt64

        init(_ timeline: Timeline) {
            self.timeline = timeline
            origin = timeline.entries.first?.start ?? 0
            phases = timeline.rowsByPhase().map { title, rows in
                Phase(title: title, lines: rows.flatMap { row in
                    [Line(row: row, finding: nil)] + row.findings.map { Line(row: row, finding: $0) }
                })
            }
        }

        /// HealthKit's eight queues get narrower columns than the lanes a lesson is about.
        func laneWidth(_ lane: TimelineLane, _ layout: Layout) -> Double {
            lane.kind == .healthKit ? layout.laneWidth * 0.7 : layout.laneWidth
        }

        func laneX(_ index: Int, _ layout: Layout) -> Double {
            let before = timeline.lanes.prefix(index).map { laneWidth($0, layout) }.reduce(0, +)
            return layout.timeWidth + before + laneWidth(timeline.lanes[index], layout) / 2
        }

        func lanesWidth(_ layout: Layout) -> Double {
            timeline.lanes.map { laneWidth($0, layout) }.reduce(0, +)
        }

        func width(_ layout: Layout) -> Double {
            layout.timeWidth + lanesWidth(layout) + 16 + layout.textWidth
        }

        func svg(at x: Double, layout: Layout) -> [String] {
            var out = ["<g transform=\"translate(\(x) 0)\">"]
            out += legend(layout)
            out += headings(layout)
            var positions: [(line: Line, y: Double)] = []
            for (index, phase) in phases.enumerated() {
                let top = layout.phaseTop(index)
                for (row, line) in phase.lines.enumerated() {
                    positions.append((line, top + (Double(row + 1) + 0.75) * layout.rowHeight))
                }
            }
            out += bars(positions, layout)
            for (line, y) in positions { out += draw(line, y: y, layout: layout) }
            out.append("</g>")
            return out
        }

        /// The stage's name, then each lane's code and full name: the labels a reader needs.
        func legend(_ layout: Layout) -> [String] {
            var out = [text(timeline.title, x: 0, y: layout.margin + 24, size: 26, weight: "bold", fill: "#000")]
            for (index, lane) in timeline.lanes.enumerated() {
                let y = layout.margin + 24 + Double(index + 1) * layout.legendLine + 6
                out.append(text(timeline.code(lane), x: 8, y: y, size: 20, weight: "bold", fill: TimelinePage.colour(lane.kind)))
                out.append(text(lane.title, x: 60, y: y, size: 20, weight: "normal", fill: "#111", cssClass: "lane-label"))
            }
            return out
        }

        /// Each lane's code and short name above its column, slanted to fit.
        func headings(_ layout: Layout) -> [String] {
            let bottom = layout.chartTop - 8
            var out = [text("ms", x: layout.timeWidth - 12, y: bottom, size: 16, weight: "normal", fill: "#444", anchor: "end")]
            for (index, lane) in timeline.lanes.enumerated() {
                let x = laneX(index, layout)
                let label = "\(timeline.code(lane)) \(lane.kind == .main ? "main" : lane.name)"
                out.append("<text transform=\"translate(\(x + 6) \(bottom)) rotate(-60)\" font-size=\"20\" font-weight=\"bold\" "
                    + "fill=\"\(TimelinePage.colour(lane.kind))\">\(TimelinePage.escape(label))</text>")
                out.append("<line x1=\"\(x)\" y1=\"\(layout.chartTop)\" x2=\"\(x)\" y2=\"\(layout.height - layout.margin)\" "
                    + "stroke=\"#ddd\" stroke-width=\"1\"/>")
            }
            return out
        }

        /// Work that took time, as a bar in its lane from its start to its end; main's stalls in red.
        func bars(_ positions: [(line: Line, y: Double)], _ layout: Layout) -> [String] {
            var out: [String] = []
            let rows = positions.filter { $0.line.finding == nil }
            for (line, y) in rows where line.row.mark == "┬" || line.row.mark == "▓" {
                guard let lane = timeline.lanes.firstIndex(of: line.row.lane) else { continue }
                let endY: Double
                if line.row.mark == "┬" {
                    endY = rows.first { $0.line.row.endOf == line.row.entryID }?.y ?? y
                } else {
                    let stallEnd = timeline.stalls.first { $0.start == line.row.time }?.end ?? line.row.time
                    endY = rows.last { $0.line.row.time <= stallEnd }?.y ?? y
                }
                let stall = line.row.mark == "▓"
                let width = stall ? 22.0 : 12.0
                out.append("<rect x=\"\(laneX(lane, layout) - width / 2)\" y=\"\(y - 14)\" width=\"\(width)\" "
                    + "height=\"\(max(endY - y, 0) + 12)\" rx=\"4\" fill=\"\(stall ? TimelinePage.stallColour : TimelinePage.colour(line.row.lane.kind))\" "
                    + "fill-opacity=\"\(stall ? 0.35 : 0.55)\"/>")
            }
            return out
        }

        func draw(_ line: Line, y: Double, layout: Layout) -> [String] {
            let textX = layout.timeWidth + lanesWidth(layout) + 16
            if let finding = line.finding {
                return [text("⚑ " + finding, x: textX + 20, y: y, size: 20, weight: "bold", fill: TimelinePage.stallColour)]
            }
            let row = line.row
            let colour = row.mark == "▓" ? TimelinePage.stallColour : TimelinePage.colour(row.lane.kind)
            let ms = String(format: "%.1f", Double(row.time &- origin) / 1_000_000)
            var out = [text(ms, x: layout.timeWidth - 12, y: y, size: 16, weight: "normal", fill: "#555", anchor: "end")]
            if let lane = timeline.lanes.firstIndex(of: row.lane), row.mark != "▓" {
                out.append("<circle cx=\"\(laneX(lane, layout))\" cy=\"\(y - 6)\" r=\"7\" fill=\"\(colour)\"/>")
            }
            out.append(text("\(timeline.code(row.lane))  \(row.text)", x: textX, y: y, size: 20,
                            weight: row.mark == "▓" ? "bold" : "normal", fill: colour))
            return out
        }

        func text(
            _ words: String, x: Double, y: Double, size: Int, weight: String, fill: String,
            anchor: String = "start", cssClass: String? = nil
        ) -> String {
            "<text x=\"\(x)\" y=\"\(y)\" font-size=\"\(size)\" font-weight=\"\(weight)\" fill=\"\(fill)\" text-anchor=\"\(anchor)\""
                + (cssClass.map { " class=\"\($0)\"" } ?? "") + ">\(TimelinePage.escape(words))</text>"
        }
    }
}
