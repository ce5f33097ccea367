import TrackerSpec

/// Everything measured for a set of stages, and the cells it makes against the catalogue.
public struct Matrix: Sendable {
    public var stages: [Stage]
    public var defects: [Defect]
    /// How often each race scenario ran per stage.
    public var runs: Int
    /// The race scenarios there are, by the row each was written for.
    public var scenarios: Set<String> = Set(Check.races.compactMap(\.defect))
    /// stage number → its TSan runs (absent: not measured).
    public var tsan: [Int: TSanTally] = [:]
    /// The suites' verdicts; `nil` when skipped (`--skip-suite`).
    public var verdicts: SuiteVerdicts? = SuiteVerdicts()
    /// stage number → its strict-concurrency diagnostics; `nil` when skipped (`--skip-static`).
    public var diagnostics: [Int: [CompilerDiagnostic]]? = [:]
    /// stage number → how the strict build shows that it compiled the stage's every file
    /// and how it ended; a compiler cell without one is an error.
    public var compileProofs: [Int: String] = [:]
    /// The simulators' canary; `nil` when the TSan rows were not measured.
    public var canary: CanaryTally?
    /// Whether the TSan rows were skipped on request (`--skip-tsan`).
    public var tsanSkipped = false
    /// What went wrong while measuring (failed processes, missing verdicts, …).
    public var errors: [String] = []

    public init(stages: [Stage], defects: [Defect] = Catalogue.defects, runs: Int) {
        self.stages = stages
        self.defects = defects
        self.runs = runs
    }

    public func cell(_ defect: Defect, _ stage: Stage) -> MatrixCell {
        var proof: MovedProof?
        if case .moved(let row) = defect.state(in: stage.number) {
            let other = defects.first { $0.id == row }.map { MatrixCell(defect: $0, stage: stage.number, measurement: measurement($0, stage.number)) }
            let present: Bool? = switch other?.measurement {
            case .tsan(let own, _, let runs)?: own == runs
            case .verdict(let present)?: present
            case .diagnostics(let count)?: count > 0
            default: nil
            }
            proof = MovedProof(row: row, present: present, seenMoved: tsan[stage.number]?.movedDetections(of: defect.id) ?? 0)
        }
        return MatrixCell(defect: defect, stage: stage.number, measurement: measurement(defect, stage.number), movedProof: proof)
    }

    func measurement(_ defect: Defect, _ stage: Int) -> Measurement {
        switch defect.measuredBy {
        case .threadSanitizer:
            // A row that no scenario was written for cannot be measured, so it cannot agree.
            guard scenarios.contains(defect.id) else { return .missing("no race scenario for this row") }
            guard let tally = tsan[stage] else { return tsanSkipped ? .skipped : .missing("no TSan runs") }
            return .tsan(own: tally.detections(of: defect.id, by: defect.id), anywhere: tally.detections(of: defect.id), runs: tally.runs)
        case .suite:
            guard let verdicts else { return .skipped }
            guard let present = verdicts.verdict(stage: stage, defect: defect.id) else {
                return .missing("no verdict from the suite")
            }
            return .verdict(present: present)
        case .compiler:
            guard let diagnostics else { return .skipped }
            guard let found = diagnostics[stage] else { return .missing("not compiled") }
            guard compileProofs[stage] != nil else { return .missing("no proof that the strict build compiled the stage") }
            return .diagnostics(count: DiagnosticSubjects.counted(by: defect, in: found).count)
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
            + (verdicts?.problems ?? []) + (canary?.problem.map { [$0] } ?? []) + errors
    }

    /// No mismatch, no unexpected report, no error: the exit status is 0.
    public var agreesWithCatalogue: Bool {
        mismatches.isEmpty && unexpectedReports.isEmpty && allErrors.isEmpty
    }
}
