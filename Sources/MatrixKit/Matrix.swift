import TrackerSpec

/// Everything measured for a set of stages, and the cells it makes against the catalogue.
public struct Matrix: Sendable {
    public var stages: [Stage]
    public var defects: [Defect]
    /// How often each race scenario ran per stage.
    public var runs: Int
    /// stage number → its TSan runs (absent: not measured).
    public var tsan: [Int: TSanTally] = [:]
    /// The suites' verdicts; `nil` when skipped (`--skip-suite`).
    public var verdicts: SuiteVerdicts? = SuiteVerdicts()
    /// stage number → its strict-concurrency diagnostics; `nil` when skipped (`--skip-static`).
    public var diagnostics: [Int: [CompilerDiagnostic]]? = [:]
    /// What went wrong while measuring (failed processes, missing verdicts, …).
    public var errors: [String] = []

    public init(stages: [Stage], defects: [Defect] = Catalogue.defects, runs: Int) {
        self.stages = stages
        self.defects = defects
        self.runs = runs
    }

    public func cell(_ defect: Defect, _ stage: Stage) -> MatrixCell {
        MatrixCell(defect: defect, stage: stage.number, measurement: measurement(defect, stage.number))
    }

    func measurement(_ defect: Defect, _ stage: Int) -> Measurement {
        switch defect.measuredBy {
        case .threadSanitizer:
            guard let tally = tsan[stage] else { return .missing("no TSan runs") }
            return .tsan(detected: tally.detections(of: defect.id), runs: tally.runs)
        case .suite:
            guard let verdicts else { return .skipped }
            guard let present = verdicts.verdict(stage: stage, defect: defect.id) else {
                return .missing("no verdict from the suite")
            }
            return .verdict(present: present)
        case .compiler:
            guard let diagnostics else { return .skipped }
            guard let found = diagnostics[stage] else { return .missing("not compiled") }
            guard case .compiler(let words) = defect.detector, !words.isEmpty else { return .diagnostics(count: found.count) }
            return .diagnostics(count: found.filter { diagnostic in words.contains { diagnostic.message.contains($0) } }.count)
        }
    }

    /// Row by row, stage by stage.
    public var cells: [MatrixCell] {
        defects.flatMap { defect in stages.map { cell(defect, $0) } }
    }

    public var mismatches: [MatrixCell] { cells.filter { $0.mismatch != nil } }

    /// Every report that belongs to no row, by stage.
    public var unexpectedReports: [(stage: Int, description: String, scenario: String, runs: Int)] {
        stages.flatMap { stage in
            (tsan[stage.number]?.unexpectedReports ?? []).map { (stage.number, $0.description, $0.scenario, $0.runs) }
        }
    }

    /// Cells that could not be measured, and everything else that went wrong.
    public var allErrors: [String] {
        cells.filter(\.isError).map { "\($0.defect.id), stage \($0.stage): \($0.measured)" }
            + (verdicts?.problems ?? []) + errors
    }

    /// No mismatch, no unexpected report, no error: the exit status is 0.
    public var agreesWithCatalogue: Bool {
        mismatches.isEmpty && unexpectedReports.isEmpty && allErrors.isEmpty
    }
}
