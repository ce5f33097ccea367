import Foundation

/// What `--baseline FILE` keeps: per target, its diagnostics in all and per row of the
/// table (ids), so that the next run can print what changed.
public struct PackageCounts: Codable, Sendable, Equatable {
    public struct Target: Codable, Sendable, Equatable {
        public var total: Int
        /// Row id → count; the lines no row knows under "unknown".
        public var rows: [String: Int]
        /// Compiled in this run (false: the build stopped at errors first).
        public var reached: Bool
        /// Set when the target did not compile: the number of its errors no row knows (not
        /// counted in `total` or `rows`: they are not concurrency diagnostics).
        public var compileErrors: Int?

        public init(total: Int, rows: [String: Int], reached: Bool, compileErrors: Int? = nil) {
            (self.total, self.rows, self.reached, self.compileErrors) = (total, rows, reached, compileErrors)
        }
    }

    /// "complete" or "swift6".
    public var mode: String
    /// The targets that did not compile (their `compileErrors` set).
    public var failedTargets: [String] { targets.filter { $0.value.compileErrors != nil }.keys.sorted() }
    public var targets: [String: Target]

    public init(mode: String, targets: [String: Target]) {
        self.mode = mode
        self.targets = targets
    }

    public init(_ build: PackageWalk.Build, matcher: Matcher) {
        var targets: [String: Target] = [:]
        // With complete checking alone (the Swift 5 mode) concurrency diagnostics are warnings:
        // an error no row knows in a failed build is a target that does not compile.
        let failed = !build.succeeded && build.mode == "complete"
        for result in build.targets {
            let failures = PackageWalk.compileErrors(result.entries, buildFailed: failed, matcher: matcher)
            let entries = PackageWalk.concurrencyEntries(result.entries, buildFailed: failed, matcher: matcher)
            let routing = Routing(entries: entries, matcher: matcher)
            var rows: [String: Int] = [:]
            // A row split by cause is several kinds: their counts add up.
            for kind in routing.kinds { rows[kind.row.id, default: 0] += kind.entries.count }
            if !routing.unknown.isEmpty { rows["unknown"] = routing.unknown.count }
            targets[result.target.name] = Target(total: entries.count, rows: rows, reached: result.reached,
                                                 compileErrors: failures.isEmpty ? nil : failures.count)
        }
        self.init(mode: build.mode, targets: targets)
    }

    public static func load(from url: URL) throws -> PackageCounts {
        try JSONDecoder().decode(PackageCounts.self, from: Data(contentsOf: url))
    }

    public func save(to url: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(self).write(to: url)
    }

    /// One line per target whose counts moved since `before`, each row's change after it.
    public func changes(since before: PackageCounts) -> [String] {
        var lines: [String] = []
        if before.mode != mode { lines.append("(the baseline was measured in the \(before.mode) mode, this run in \(mode))") }
        for name in Set(targets.keys).union(before.targets.keys).sorted() {
            guard let now = targets[name] else { lines.append("\(name): gone (was \(before.targets[name]!.total))"); continue }
            guard let then = before.targets[name] else { lines.append("\(name): new, \(now.total)"); continue }
            if let errors = now.compileErrors { lines.append("\(name): did not compile (\(errors) error\(errors == 1 ? "" : "s") no row knows)"); continue }
            if !now.reached { lines.append("\(name): not compiled in this run (the build stopped at errors first); \(now.total) with complete checking"); continue }
            guard now != then else { lines.append("\(name): \(now.total), unchanged"); continue }
            let delta = now.total - then.total
            let rows = Set(now.rows.keys).union(then.rows.keys).sorted().compactMap { id -> String? in
                let (a, b) = (then.rows[id] ?? 0, now.rows[id] ?? 0)
                return a == b ? nil : "\(id) \(a)→\(b)"
            }
            lines.append("\(name): \(then.total) → \(now.total) (\(delta > 0 ? "+" : "")\(delta))"
                + (rows.isEmpty ? "" : ": " + rows.joined(separator: ", ")))
        }
        return lines
    }
}
