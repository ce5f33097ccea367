/// Which invariants show each catalogue row: the explorer's half of the catalogue. A row
/// that only ThreadSanitizer or the compiler can show maps to none (the explorer orders
/// events; TSan judges accesses). Data, read by the suite, `tracker --explore` and CI.
public enum InvariantTable {
    public static let rows: [String: [Invariant]] = [
        "auth-never-answers": [.authorizationAnswers],
        "refresh-completes-off-main": [.mainOnlyOnMain],
        "shim-calls-back-off-main": [.mainOnlyOnMain],
        "main-thread-blocked": [.noDiskIOOnMain],
        "launch-loses-drinks": [.loggedOnce, .importedOnce, .deletedStaysDeleted],
        "duplicate-import": [.importedOnce, .deletedStaysDeleted],
        "race-health-access": [], "race-is-authorized": [], "race-query-anchor": [],
        "controller-crosses-domains": [], "race-saved-drinks": [], "race-day-change": [],
        "strict-concurrency-diagnostics": [], "shared-model-unguarded": [],
    ]

    /// The invariants that show `row` (none for a row only TSan or the compiler shows).
    public static func invariants(showing row: String) -> [Invariant] {
        guard let invariants = rows[row] else { preconditionFailure("catalogue row \(row) is missing from InvariantTable") }
        return invariants
    }

    /// The rows present in `stage` that some invariant shows.
    public static func explorableRows(in stage: Int) -> [Defect] {
        Catalogue.defects.filter { $0.isPresent(in: stage) && !invariants(showing: $0.id).isEmpty }
    }

    /// Every invariant a row present in `stage` may break: any other break is a defect the
    /// catalogue lacks.
    public static func mayBreak(in stage: Int) -> Set<Invariant> {
        Set(explorableRows(in: stage).flatMap { invariants(showing: $0.id) })
    }
}
