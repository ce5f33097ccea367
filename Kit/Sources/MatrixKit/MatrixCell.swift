import TrackerSpec

/// What was measured for one row in one stage.
public enum Measurement: Sendable, Hashable {
    /// A ThreadSanitizer row over `runs` runs: `own` runs in which the row's own scenario
    /// reported it, `anywhere` runs in which any scenario's process did.
    case tsan(own: Int, anywhere: Int, runs: Int)
    /// The suite's verdict (suite and watchdog rows).
    case verdict(present: Bool)
    /// The strict-concurrency diagnostics the row counts in the stage's sources.
    case diagnostics(count: Int)
    /// Not measured on request (`--skip-static`, `--skip-suite`).
    case skipped
    /// Could not be measured; the reason.
    case missing(String)
}

/// For a cell whose race the catalogue says moved: the row that shows it in that stage,
/// and whether that row measured present there.
public struct MovedProof: Sendable, Hashable {
    public let row: String
    /// `nil`: that row was not measured (skipped) or could not be.
    public let present: Bool?
    /// In how many runs TSan saw the race in the contexts it moved to (never demanded).
    public let seenMoved: Int

    public init(row: String, present: Bool?, seenMoved: Int = 0) {
        self.row = row
        self.present = present
        self.seenMoved = seenMoved
    }
}

/// One cell of the matrix: a measurement judged against the catalogue.
public struct MatrixCell: Sendable, Hashable {
    public let defect: Defect
    public let stage: Int
    public let measurement: Measurement
    public let movedProof: MovedProof?

    public init(defect: Defect, stage: Int, measurement: Measurement, movedProof: MovedProof? = nil) {
        self.defect = defect
        self.stage = stage
        self.measurement = measurement
        self.movedProof = movedProof
    }

    /// What the catalogue says.
    public var expectedPresent: Bool { defect.isPresent(in: stage) }
    public var expected: Defect.State { defect.state(in: stage) }

    public var isError: Bool {
        if case .missing = measurement { return true }
        return false
    }

    /// The measurement in words ("present 20/20", "fixed (suite)", "present, 31 diagnostics").
    /// Every word comes from the measurement: "by chance" only for a present cell the
    /// catalogue expects by chance that was seen in some runs and not all, "moved" only for
    /// a clean cell whose race another row measured present.
    public var measured: String {
        switch measurement {
        case .tsan(let own, let anywhere, let runs):
            switch expected {
            case .present:
                if own == runs { return "present \(own)/\(runs)" }
                if own == 0 { return "not seen 0/\(runs)" + (anywhere > 0 ? " by its scenario (other scenarios \(anywhere)/\(runs))" : "") }
                return "present \(own)/\(runs)" + (defect.isByChance(in: stage) ? " (by chance)" : " (flaky)")
            case .fixed, .moved:
                if anywhere > 0 { return "present \(anywhere)/\(runs)" }
                if case .moved(let row) = expected, let proof = movedProof, proof.present == true {
                    return "moved 0/\(runs) (see \(row)" + (proof.seenMoved > 0 ? "; TSan saw it moved \(proof.seenMoved)/\(runs))" : ")")
                }
                if case .moved(let row) = expected, movedProof?.present == nil { return "moved 0/\(runs) (\(row) not measured)" }
                return "fixed 0/\(runs)"
            }
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

    /// The catalogue's word for the cell.
    var expectedText: String {
        switch expected {
        case .present: defect.isByChance(in: stage) ? "present (by chance)" : "present"
        case .moved(let row): "moved (\(row) present)"
        case .fixed: "fixed"
        }
    }

    /// Why the cell disagrees with the catalogue; `nil` when it agrees (or was skipped).
    public var mismatch: String? {
        let agrees: Bool
        switch measurement {
        case .tsan(let own, let anywhere, let runs):
            switch expected {
            case .present: agrees = defect.isByChance(in: stage) ? own >= 1 : own == runs
            case .fixed: agrees = anywhere == 0
            // When the row it names was not measured (skipped), only the clean contexts are judged.
            case .moved: agrees = anywhere == 0 && movedProof?.present != false
            }
        case .verdict(let present):
            agrees = present == expectedPresent
        case .diagnostics(let count):
            agrees = (count > 0) == expectedPresent
        case .skipped, .missing:
            return nil
        }
        guard !agrees else { return nil }
        if case .moved(let row) = expected, case .tsan(_, 0, _) = measurement {
            let proof = movedProof?.present.map { $0 ? "present" : "fixed" } ?? "not measured"
            return "measured \(measured), catalogue moved, but \(row) measured \(proof)"
        }
        return "measured \(measured), catalogue \(expectedText)"
    }

    /// The cell in words, for a list: the measurement, or what is wrong with it.
    public var text: String {
        if let mismatch { return "**MISMATCH**: \(mismatch)" }
        if isError { return "**ERROR**: \(measured)" }
        return measured
    }

    /// The cell as the table shows it, a few columns wide ("✗ 20", "✓ 0", "→ 0", "— 0", "✗ 3!"):
    /// the mark of what was measured (the marks of `CatalogueTable`), its count, "~" for a
    /// by-chance cell seen in some runs only, and "!" when it disagrees with the catalogue.
    public var mark: String {
        let clean = defect.exists(in: stage) ? CatalogueTable.fixed : CatalogueTable.notYet
        let text: String
        switch measurement {
        case .tsan(let own, let anywhere, let runs):
            switch expected {
            case .present:
                text = (own > 0 ? CatalogueTable.present : clean) + " \(own)"
                    + (own > 0 && own < runs && defect.isByChance(in: stage) ? "~" : "")
            case .fixed, .moved:
                if anywhere > 0 {
                    text = CatalogueTable.present + " \(anywhere)"
                } else if case .moved = expected, movedProof?.present != false {
                    text = CatalogueTable.moved + " 0"
                } else {
                    text = clean + " 0"
                }
            }
        case .verdict(let present):
            text = present ? CatalogueTable.present : clean
        case .diagnostics(let count):
            text = (count > 0 ? CatalogueTable.present : clean) + " \(count)"
        case .skipped:
            text = "skip"
        case .missing:
            return "ERR"
        }
        return mismatch == nil ? text : text + "!"
    }
}
