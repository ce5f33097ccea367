import TrackerSpec

/// What one TSan report is, in the catalogue's terms.
public struct RaceFinding: Sendable, Hashable {
    /// "data race", or another kind of report (which no row expects).
    public var kind: String
    /// The catalogue properties the two accesses touch.
    public var properties: Set<String>
    /// The contexts of the two accesses, sorted.
    public var contexts: [AccessContext]
    /// The top stage frame of each access ("Sources/Stage0_GCD/CoffeeData.swift:83"), or
    /// the top frame when an access has none in a stage.
    public var topFrames: [String]
    /// The ids of the rows the report belongs to; empty: an unexpected report.
    public var rows: [String]

    public init(kind: String, properties: Set<String>, contexts: [AccessContext], topFrames: [String], rows: [String]) {
        self.kind = kind
        self.properties = properties
        self.contexts = contexts
        self.topFrames = topFrames
        self.rows = rows
    }

    public var isUnexpected: Bool { rows.isEmpty }

    /// "currentDrinks, savedValue; main vs queue; Sources/…/CoffeeData.swift:83, Sources/…/CoffeeData.swift"
    public var description: String {
        var parts: [String] = []
        if kind != "data race" { parts.append(kind) }
        parts.append(properties.isEmpty ? "no catalogue property" : properties.sorted().joined(separator: ", "))
        if !contexts.isEmpty { parts.append(contexts.map(\.rawValue).joined(separator: " vs ")) }
        if !topFrames.isEmpty { parts.append(topFrames.joined(separator: ", ")) }
        return parts.joined(separator: "; ")
    }
}

/// Attributes reports to the catalogue's ThreadSanitizer rows: a report belongs to every row
/// whose properties it touches and whose `between` set is exactly the set of its two
/// access contexts. A "by chance" row also takes the reports whose contexts are among its
/// `between` set (a task against a task, say, for a row between tasks and queues).
public struct RaceAttributor: Sendable {
    public let rows: [Defect]
    public let finder: PropertyFinder

    public init(catalogue defects: [Defect]) {
        rows = defects.filter { $0.tsanRow != nil }
        finder = PropertyFinder(catalogue: defects)
    }

    public func attribute(_ report: TSanReport, sources: some SourceLineReading) -> RaceFinding {
        let frames = report.accesses.map { access in
            (access.topStageFrame ?? access.frames.first)?.shortLocation ?? "no stack"
        }
        guard report.isRace, !report.accesses.isEmpty else {
            return RaceFinding(kind: report.kind, properties: [], contexts: [], topFrames: frames, rows: [])
        }
        let accesses = report.accesses.prefix(2)
        let contexts = accesses.map(AccessContext.of)
        var properties: Set<String> = []
        for access in accesses {
            properties.formUnion(finder.properties(of: access, sources: sources))
        }
        let between = Set(contexts.compactMap(\.catalogueContext))
        let complete = contexts.allSatisfy { $0.catalogueContext != nil }
        let matching = rows.filter { row in
            guard complete, let tsan = row.tsanRow else { return false }
            let contextsMatch = tsan.reliable ? tsan.between == between : between.isSubset(of: tsan.between)
            return contextsMatch && !properties.isDisjoint(with: tsan.properties)
        }
        return RaceFinding(
            kind: report.kind, properties: properties, contexts: contexts.sorted(),
            topFrames: frames, rows: matching.map(\.id))
    }
}
