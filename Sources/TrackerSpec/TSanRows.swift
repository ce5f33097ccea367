extension Defect {
    /// The parameters of a ThreadSanitizer row; `nil` for the other detectors.
    public var tsanRow: (properties: [String], between: Set<Defect.Context>, byChance: Set<Int>)? {
        if case .threadSanitizer(let properties, let between, let byChance) = detector {
            return (properties, between, byChance)
        }
        return nil
    }

    /// Whether the catalogue says TSan sees this row's present cell in `stage` by chance only.
    public func isByChance(in stage: Int) -> Bool { tsanRow?.byChance.contains(stage) ?? false }
}
