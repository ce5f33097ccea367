import TrackerSpec

/// Prints the defect catalogue as a table: one row per defect, one column per stage.
enum CataloguePrinter {
    static func print() {
        let stages = Stage.all.map(\.number)
        Swift.print("| defect | detected by | " + stages.map { "\($0)" }.joined(separator: " | ") + " |")
        Swift.print("|---|---|" + stages.map { _ in "---" }.joined(separator: "|") + "|")
        for defect in Catalogue.defects {
            let cells = stages.map { stage -> String in
                switch defect.state(in: stage) {
                case .present: "present"
                case .moved(let row): "moved (\(row))"
                case .fixed: "fixed"
                }
            }
            Swift.print("| \(defect.id) | \(defect.detector) | " + cells.joined(separator: " | ") + " |")
        }
    }
}
