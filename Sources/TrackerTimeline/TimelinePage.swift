import Foundation
import TrackerSpec

/// The timeline as one self-contained HTML page for a projector: inline SVG, no script,
/// no network. Several timelines (two stages of the same day) stand side by side, their
/// steps of the day aligned. The lane labels are real text (`<text>`), so a browser's DOM
/// dump shows them (`Scripts/timeline-browser-check`).
public enum TimelinePage {
    public static func render(_ timelines: [Timeline]) -> String {
        let panels = timelines.map(Panel.init)
        let layout = Layout(panels: panels)
        let width = layout.margin * 2 + panels.map { $0.width(layout) }.reduce(0, +) + layout.gap * Double(max(panels.count - 1, 0))
        var svg: [String] = []
        // The steps of the day, across every panel (the same day in each), under the bars.
        for (index, phase) in (panels.first?.phases ?? []).enumerated() where !phase.title.isEmpty {
            let top = layout.phaseTop(index)
            svg.append("<rect x=\"0\" y=\"\(top + 2)\" width=\"\(width)\" height=\"\(layout.rowHeight - 2)\" fill=\"#eeeeee\"/>")
            svg.append("<text x=\"\(layout.margin)\" y=\"\(top + layout.rowHeight * 0.72)\" font-size=\"20\" font-weight=\"bold\" "
                + "fill=\"#000\">\(escape(phase.title))</text>")
        }
        var x = layout.margin
        for panel in panels {
            svg += panel.svg(at: x, layout: layout)
            x += panel.width(layout) + layout.gap
        }
        let title = timelines.map(\.title).joined(separator: " beside ")
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8">
            <title>Where the work ran: \(escape(title))</title>
            <style>
            body { margin: 0; background: #fff; color: #111; font-family: "DejaVu Sans", Helvetica, Arial, sans-serif; }
            h1 { font-size: 34px; margin: 18px 24px 4px; }
            p.how { font-size: 20px; margin: 0 24px 8px; color: #333; }
            svg { display: block; width: 100%; height: auto; }
            </style></head><body>
            <h1>Where the work ran: \(escape(title))</h1>
            <p class="how">One column per place work ran, measured at the simulated SDK boundary (thread, queue, actor); time runs down. \
            A bar is work that took time; red on the main thread is a stall the watchdog measured; ⚑ names a catalogue row.</p>
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(width) \(layout.height)" font-family="DejaVu Sans, Helvetica, Arial, sans-serif">
            \(svg.joined(separator: "\n"))
            </svg>
            </body></html>
            """
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// The colour of a lane's kind, dark enough to read on a projector.
    static func colour(_ kind: TimelineLane.Kind) -> String {
        switch kind {
        case .main: "#1a4fa0"
        case .appQueue: "#a04a00"
        case .healthKit: "#1b6e20"
        case .actor: "#6a1b9a"
        case .pool: "#00695c"
        case .globalQueue, .thread: "#444444"
        }
    }

    static let stallColour = "#c62828"
}

/// Sizes shared by the panels, and the rows of each step of the day, aligned across panels.
struct Layout {
    let margin = 24.0, gap = 56.0, rowHeight = 32.0, legendLine = 28.0
    let laneWidth = 46.0, timeWidth = 84.0, textWidth = 700.0, headerHeight = 230.0
    /// Per step of the day, the number of lines the tallest panel needs.
    let phaseLines: [Int]
    let legendHeight: Double

    init(panels: [TimelinePage.Panel]) {
        let phases = panels.map(\.phases.count).max() ?? 0
        phaseLines = (0..<phases).map { index in
            panels.map { $0.phases.indices.contains(index) ? $0.phases[index].lines.count + 1 : 1 }.max() ?? 1
        }
        legendHeight = Double((panels.map(\.timeline.lanes.count).max() ?? 0) + 2) * 28
    }

    var chartTop: Double { margin + legendHeight + headerHeight }
    var height: Double { chartTop + Double(phaseLines.reduce(0, +)) * rowHeight + margin }

    /// The top of step `phase`'s heading.
    func phaseTop(_ phase: Int) -> Double {
        chartTop + Double(phaseLines.prefix(phase).reduce(0, +)) * rowHeight
    }
}
