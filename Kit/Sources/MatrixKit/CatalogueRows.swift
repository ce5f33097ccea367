import TrackerSpec

extension Defect {
    /// How the matrix measures this row.
    public var measuredBy: MeasurementKind {
        switch detector {
        case .threadSanitizer: .threadSanitizer
        case .suite, .watchdog: .suite
        case .compiler: .compiler
        }
    }
}

/// The three ways `Scripts/race-matrix` measures a row.
public enum MeasurementKind: Sendable, Hashable {
    /// TSan reports of the race scenarios, one process per scenario and run.
    case threadSanitizer
    /// The verdict the stage's suite records (`TRACKER_VERDICTS`): suite and watchdog rows.
    case suite
    /// The count of `-strict-concurrency=complete` diagnostics in the stage's sources.
    case compiler
}
