/// What one TSan report is, in the catalogue's terms.
public struct RaceFinding: Sendable, Hashable {
    /// "data race", or another kind of report (which no row expects).
    public var kind: String
    /// The catalogue properties both racing frames name.
    public var properties: Set<String>
    /// The contexts of the two accesses, sorted.
    public var contexts: [AccessContext]
    /// The racing frame of each access ("Sources/Stage0_GCD/CoffeeData.swift:83"): its first
    /// frame that is not the runtime's.
    public var topFrames: [String]
    /// The ids of the rows the report belongs to; empty: an unknown report.
    public var rows: [String]
    /// Why the report belongs to no row (empty when it belongs to one).
    public var reason: String
    /// Rows whose race the catalogue says moved to other contexts in this stage, seen there:
    /// the report is their moved race (not demanded, not unknown).
    public var movedRows: [String] = []

    public init(kind: String, properties: Set<String>, contexts: [AccessContext], topFrames: [String], rows: [String], reason: String = "") {
        self.kind = kind
        self.properties = properties
        self.contexts = contexts
        self.topFrames = topFrames
        self.rows = rows
        self.reason = reason
    }

    public var isUnexpected: Bool { rows.isEmpty && movedRows.isEmpty }

    /// "currentDrinks, savedValue; main vs queue; Sources/…/CoffeeData.swift:83, Sources/…/CoffeeData.swift"
    public var description: String {
        var parts: [String] = []
        if kind != "data race" { parts.append(kind) }
        parts.append(properties.isEmpty ? "no catalogue property" : properties.sorted().joined(separator: ", "))
        if !contexts.isEmpty { parts.append(contexts.map(\.rawValue).joined(separator: " vs ")) }
        if !topFrames.isEmpty { parts.append(topFrames.joined(separator: ", ")) }
        if isUnexpected, !reason.isEmpty { parts.append(reason) }
        return parts.joined(separator: "; ")
    }
}

/// Attributes reports to the catalogue's ThreadSanitizer rows by the racing accesses
/// themselves. Each access's racing frame (its first frame that is not the runtime's) must
/// be in the measured stage's own sources (`Sources/<stage target>/`), and both racing
/// frames must name one of the row's properties (on their source line, or as the accessor
/// they are); the two accesses' contexts must be exactly the row's `between` set. A report
/// that fits no row is unknown, and fails the run.
public struct RaceAttributor: Sendable {
    public let rows: [Defect]
    public let finder: PropertyFinder

    public init(catalogue defects: [Defect]) {
        rows = defects.filter { $0.tsanRow != nil }
        finder = PropertyFinder(catalogue: defects)
    }

    public func attribute(_ report: TSanReport, stage: Stage, sources: some SourceLineReading) -> RaceFinding {
        let racing = report.accesses.prefix(2).map(\.racingFrame)
        let frames = racing.map { frame -> String in
            guard let frame else { return "no stack" }
            return frame.racingLocation
        }
        func unknown(_ reason: String, properties: Set<String> = [], contexts: [AccessContext] = []) -> RaceFinding {
            RaceFinding(kind: report.kind, properties: properties, contexts: contexts.sorted(), topFrames: frames, rows: [], reason: reason)
        }
        guard report.isRace, report.accesses.count >= 2 else { return unknown("not a race between two accesses") }
        let accesses = Array(report.accesses.prefix(2))
        let contexts = accesses.map(AccessContext.of)
        let own = "Sources/\(stage.target)/"
        for frame in racing {
            guard let path = frame?.packageSourcePath, path.hasPrefix(own) else {
                return unknown("a racing frame outside \(own)", contexts: contexts)
            }
        }
        let named = racing.map { finder.properties(of: $0!, sources: sources) }
        let properties = named[0].intersection(named[1])
        guard !properties.isEmpty else {
            return unknown("the racing frames name no common catalogue property", properties: named[0].union(named[1]), contexts: contexts)
        }
        guard contexts.allSatisfy({ $0.catalogueContext != nil }) else {
            return unknown("an access in no known context", properties: properties, contexts: contexts)
        }
        let between = Set(contexts.compactMap(\.catalogueContext))
        let matching = rows.filter { row in
            guard let tsan = row.tsanRow else { return false }
            return tsan.between == between && !properties.isDisjoint(with: tsan.properties)
        }
        guard !matching.isEmpty else {
            // A row whose race the catalogue says this stage moved to other contexts: the
            // report is that race, seen where it moved to.
            let moved = rows.filter { row in
                guard let tsan = row.tsanRow, case .moved = row.state(in: stage.number) else { return false }
                return tsan.between != between && !properties.isDisjoint(with: tsan.properties)
            }
            var finding = unknown("no row for these contexts", properties: properties, contexts: contexts)
            finding.movedRows = moved.map(\.id)
            if !moved.isEmpty { finding.reason = "" }
            return finding
        }
        return RaceFinding(kind: report.kind, properties: properties, contexts: contexts.sorted(), topFrames: frames, rows: matching.map(\.id))
    }
}

extension RaceAttributor {
    /// The rows of `stage`'s catalogue races (present or moved there) that `report` is a race
    /// on, whatever contexts its accesses ran in: both racing frames in the stage's own
    /// sources, naming one of the row's properties. How a stage's behaviour checks, which run
    /// under Swift Testing where the main queue is not the first thread (see
    /// `StageSuite.runRaceScenarios`), recognise a race its scenario already shows.
    public func catalogueRaces(_ report: TSanReport, stage: Stage, sources: some SourceLineReading) -> [String] {
        guard report.isRace, report.accesses.count >= 2 else { return [] }
        let racing = report.accesses.prefix(2).map(\.racingFrame)
        let own = "Sources/\(stage.target)/"
        guard racing.allSatisfy({ $0?.packageSourcePath?.hasPrefix(own) ?? false }) else { return [] }
        let named = racing.map { finder.properties(of: $0!, sources: sources) }
        let properties = named[0].intersection(named[1])
        return rows.filter { row in
            guard let tsan = row.tsanRow, row.state(in: stage.number) != .fixed else { return false }
            return !properties.isDisjoint(with: tsan.properties)
        }.map(\.id)
    }
}
