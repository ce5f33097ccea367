import TrackerSpec

extension QuickChecks {
    /// The lines a `flips step=N` block must hold: `fixed ROW` where the row was present or
    /// moved in stage N-1 and is fixed in stage N, `moved ROW` where stage N moves a present
    /// race to other contexts, `introduced ROW` where it becomes present.
    public static func flips(step number: Int, defects: [Defect] = Catalogue.defects) -> Set<String> {
        var expected: Set<String> = []
        for defect in defects {
            let before = defect.state(in: number - 1), after = defect.state(in: number)
            switch (before, after) {
            case (.present, .present), (.fixed, .fixed), (.moved, .moved): continue
            case (_, .present): expected.insert("introduced " + defect.id)
            case (_, .moved): expected.insert("moved " + defect.id)
            case (_, .fixed): expected.insert("fixed " + defect.id)
            }
        }
        return expected
    }
}
