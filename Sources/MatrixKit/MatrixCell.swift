import TrackerSpec

/// What was measured for one row in one stage.
public enum Measurement: Sendable, Hashable {
    /// Seen in `detected` of `runs` TSan runs.
    case tsan(detected: Int, runs: Int)
    /// The suite's verdict (suite and watchdog rows).
    case verdict(present: Bool)
    /// Unique strict-concurrency diagnostics in the stage's sources.
    case diagnostics(count: Int)
    /// Not measured on request (`--skip-static`, `--skip-suite`).
    case skipped
    /// Could not be measured; the reason.
    case missing(String)
}

/// One cell of the matrix: a measurement judged against the catalogue.
public struct MatrixCell: Sendable, Hashable {
    public let defect: Defect
    public let stage: Int
    public let measurement: Measurement

    public init(defect: Defect, stage: Int, measurement: Measurement) {
        self.defect = defect
        self.stage = stage
        self.measurement = measurement
    }

    /// What the catalogue says.
    public var expectedPresent: Bool { defect.isPresent(in: stage) }

    public var isError: Bool {
        if case .missing = measurement { return true }
        return false
    }

    /// The measurement in words ("present 20/20", "fixed (suite)", "present, 31 diagnostics").
    public var measured: String {
        switch measurement {
        case .tsan(let detected, let runs):
            let chance = defect.tsanRow?.reliable == false
            if detected == 0 { return chance && expectedPresent ? "not seen 0/\(runs) (by chance)" : "fixed 0/\(runs)" }
            let flaky = !chance && detected < runs ? " (flaky)" : ""
            return "present \(detected)/\(runs)" + (chance ? " (by chance)" : flaky)
        case .verdict(let present):
            return (present ? "present" : "fixed") + " (\(defect.detector))"
        case .diagnostics(let count):
            return (count > 0 ? "present" : "fixed") + ", \(count) diagnostic" + (count == 1 ? "" : "s")
        case .skipped:
            return "skipped"
        case .missing(let reason):
            return reason
        }
    }

    /// Why the cell disagrees with the catalogue; `nil` when it agrees (or was skipped).
    public var mismatch: String? {
        let agrees: Bool
        switch measurement {
        case .tsan(let detected, let runs):
            if defect.tsanRow?.reliable == false {
                agrees = expectedPresent || detected == 0
            } else {
                agrees = detected == (expectedPresent ? runs : 0)
            }
        case .verdict(let present):
            agrees = present == expectedPresent
        case .diagnostics(let count):
            agrees = (count > 0) == expectedPresent
        case .skipped, .missing:
            return nil
        }
        return agrees ? nil : "measured \(measured), catalogue \(expectedPresent ? "present" : "fixed")"
    }

    /// The cell as the table shows it.
    public var text: String {
        if let mismatch { return "**MISMATCH**: \(mismatch)" }
        if isError { return "**ERROR**: \(measured)" }
        return measured
    }
}
