// What a TSan report is and which catalogue row it belongs to (TSanReport, RaceAttributor,
// PropertyFinder, ...) lives in TrackerSpec, where the stage tests use it too; the matrix's
// tools and tests keep reaching it through MatrixKit.
@_exported import TrackerSpec
