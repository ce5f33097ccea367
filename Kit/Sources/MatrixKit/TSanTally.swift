/// What the race scenarios of one stage showed over its runs.
///
/// Run r of a stage is one process per scenario. A present cell counts the runs in which the
/// row's own scenario reported it; a fixed cell, the runs in which any scenario did.
public struct TSanTally: Sendable {
    public let runs: Int
    /// row id → the runs in which it was seen.
    private(set) var seen: [String: Set<Int>] = [:]
    /// row id → scenario → the runs in which that scenario's process saw it.
    private(set) var seenBy: [String: [String: Set<Int>]] = [:]
    /// row id → the runs in which its race was seen where the catalogue says it moved.
    private(set) var movedSeen: [String: Set<Int>] = [:]
    /// A description of each unexpected report → scenario → the runs that produced it.
    private(set) var unexpected: [String: [String: Set<Int>]] = [:]

    public init(runs: Int) {
        self.runs = runs
    }

    public mutating func record(run: Int, scenario: String, findings: [RaceFinding]) {
        for finding in findings {
            if finding.isUnexpected {
                unexpected[finding.description, default: [:]][scenario, default: []].insert(run)
            }
            for row in finding.movedRows {
                movedSeen[row, default: []].insert(run)
            }
            for row in finding.rows {
                seen[row, default: []].insert(run)
                seenBy[row, default: [:]][scenario, default: []].insert(run)
            }
        }
    }

    /// In how many runs the row was seen, by any scenario's process.
    public func detections(of row: String) -> Int { seen[row]?.count ?? 0 }

    /// In how many runs any scenario saw the row's race in the contexts it moved to.
    public func movedDetections(of row: String) -> Int { movedSeen[row]?.count ?? 0 }

    /// In how many runs `scenario`'s own process saw the row.
    public func detections(of row: String, by scenario: String) -> Int { seenBy[row]?[scenario]?.count ?? 0 }

    /// Which scenarios saw the row, in how many runs each, by scenario name.
    public func scenarios(of row: String) -> [(scenario: String, runs: Int)] {
        (seenBy[row] ?? [:]).map { ($0.key, $0.value.count) }.sorted { $0.scenario < $1.scenario }
    }

    /// The unexpected reports: what, from which scenario, in how many runs.
    public var unexpectedReports: [(description: String, scenario: String, runs: Int)] {
        unexpected.flatMap { description, byScenario in
            byScenario.map { (description, $0.key, $0.value.count) }
        }.sorted { ($0.scenario, $0.description) < ($1.scenario, $1.description) }
    }
}
