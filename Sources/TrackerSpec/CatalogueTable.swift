/// The defect catalogue as a table that fits a terminal of 100 columns (a workshop room's
/// projector): one narrow column per stage holding a mark, the long words (what the defect
/// is, how it is found) in a list under the table. `tracker --catalogue` prints it, and
/// `Steps/MATRIX.md` lays out its measurements the same way.
public enum CatalogueTable {
    /// The widest line the table and its list may print.
    public static let width = 100

    /// The mark of a cell: what the catalogue says of a row in a stage.
    public static func mark(_ defect: Defect, in stage: Int) -> String {
        guard defect.exists(in: stage) else { return notYet }
        switch defect.state(in: stage) {
        case .present: return present
        case .moved: return moved
        case .fixed: return fixed
        }
    }

    public static let present = "✗", fixed = "✓", moved = "→", notYet = "—"

    /// What the marks mean, one line each.
    public static let legend = [
        "\(present) present: the stage still has the defect",
        "\(fixed) fixed: a step before or at this stage removed it",
        "\(moved) moved: the race lives on in other contexts, where the row named below shows it",
        "\(notYet) not yet: a later step brings the defect in, so there is nothing to fix",
    ]

    /// A Markdown table with padded columns, so that it also reads as plain text.
    public static func table(header: [String], rows: [[String]]) -> [String] {
        let widths = header.indices.map { column in
            ([header] + rows).map { $0[column].count }.max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            "| " + zip(cells, widths).map { $0 + String(repeating: " ", count: $1 - $0.count) }.joined(separator: " | ") + " |"
        }
        return [line(header), "|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|"]
            + rows.map(line)
    }

    /// `text` broken at spaces into lines of at most `width` columns, each after `indent`
    /// (the first after `first`, when given). A word longer than a line stands alone.
    public static func wrap(_ text: String, width: Int = width, first: String? = nil, indent: String = "") -> [String] {
        var lines: [String] = []
        var current = first ?? indent
        var empty = true
        for word in text.split(separator: " ") {
            if !empty && current.count + 1 + word.count > width {
                lines.append(current)
                current = indent
                empty = true
            }
            current += (empty ? "" : " ") + word
            empty = false
        }
        lines.append(current)
        return lines
    }

    /// Where the row's race moved, stage by stage ("moved in stages 1, 2: see ROW").
    public static func movedNotes(_ defect: Defect) -> [String] {
        let byRow = Dictionary(grouping: defect.moved.keys.sorted()) { defect.moved[$0]! }
        return byRow.keys.sorted().map { row in
            let stages = byRow[row]!.map(String.init).joined(separator: ", ")
            return "moved in stage\(byRow[row]!.count == 1 ? "" : "s") \(stages): see \(row)"
        }
    }

    /// The whole catalogue: the legend, the table, and each row's summary.
    public static func render(_ defects: [Defect] = Catalogue.defects, stages: [Stage] = Stage.all) -> String {
        var out = ["The defect catalogue: which defect each stage still has (one column per stage)."]
        out += legend
        out.append("")
        out += table(
            header: ["defect"] + stages.map { "\($0.number)" },
            rows: defects.map { defect in [defect.id] + stages.map { mark(defect, in: $0.number) } })
        out.append("")
        for defect in defects {
            out += wrap("\(defect.id), found by \(defect.detector):", first: "", indent: "    ")
            out += wrap(defect.summary, indent: "    ")
            out += movedNotes(defect).flatMap { wrap($0, indent: "    ") }
        }
        return out.joined(separator: "\n")
    }
}
