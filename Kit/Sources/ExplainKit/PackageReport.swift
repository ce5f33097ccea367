import Foundation

/// Prints `explain --package`: the counts per target and per row, then the order to
/// migrate in with the reason for each step, 100 columns wide.
public struct PackageReport {
    let manifest: PackageManifest
    let build: PackageWalk.Build
    let counts: PackageCounts
    let steps: [MigrationOrder.Step]
    let fallback: PackageCounts?
    /// The router's table, for each kind's first fix (none: ids only).
    var table: Table?

    /// `fallback`: the complete-checking counts, for targets the Swift 6 build did not reach.
    public init(manifest: PackageManifest, build: PackageWalk.Build, counts: PackageCounts,
                steps: [MigrationOrder.Step], fallback: PackageCounts? = nil) {
        (self.manifest, self.build, self.counts, self.steps, self.fallback) = (manifest, build, counts, steps, fallback)
    }

    public func render() -> [String] {
        let width = Report.width
        let modeName = build.mode == "swift6" ? "the Swift 6 mode with complete checking" : "complete checking"
        var out = ["explain --package \(manifest.name): \(counts.targets.values.reduce(0) { $0 + $1.total }) "
            + "diagnostics in \(counts.targets.count) targets, built with \(modeName)"]
        out += wrapLine("$ " + build.command.joined(separator: " "), indent: "    ")
        out.append(String(repeating: "=", count: width))
        for result in build.targets {
            let target = result.target
            let count = counts.targets[target.name]
            var settings = ["Swift \(manifest.languageMode(of: target))"]
            for case .defaultIsolation(let actor) in target.settings { settings.append("default isolation \(actor)") }
            var head = "\(target.name) (\(target.type), \(settings.joined(separator: ", "))): "
            if let count, let errors = count.compileErrors {
                head += "did not compile: \(errors) error\(errors == 1 ? "" : "s") no row of the table knows "
                    + "(not counted; `swift build` shows them)"
                if count.total > 0 { head += "; \(count.total) concurrency diagnostic\(count.total == 1 ? "" : "s") before it stopped" }
            } else if let count, count.reached {
                head += "\(count.total) diagnostic\(count.total == 1 ? "" : "s")"
            } else if let count, fallback != nil {
                head += "not compiled in the Swift 6 mode (the build stopped at errors first); "
                    + "\(count.total) with complete checking"
            } else {
                head += "not compiled (the build stopped at errors first)"
            }
            out += wrapLine(head, indent: "    ")
            for (id, number) in (count?.rows ?? [:]).sorted(by: { ($1.value, $0.key) < ($0.value, $1.key) }) {
                out.append("    \(String(number).leftPadded(4)) × \(id)")
            }
        }
        out += kindLines()
        if let log = build.log {
            out += wrapLine("What each kind means and how to fix it: Scripts/explain \(log.path)", indent: "    ")
        }
        out.append(String(repeating: "=", count: width))
        out.append("Migrate in this order (the guide's strategy: from the outer-most module inward,")
        out.append("except a dependency whose global state or types cause diagnostics where it is used):")
        for (index, step) in steps.enumerated() {
            let total = counts.targets[step.target]?.total ?? 0
            out += wrapLine("\(index + 1). \(step.target) (\(total)): \(Self.reason(step.reason))", indent: "   ")
        }
        return out
    }

    /// Each kind across the package, most frequent first, with the first fix the kit teaches.
    func kindLines() -> [String] {
        guard let table else { return [] }
        var totals: [String: Int] = [:]
        for target in counts.targets.values { for (id, number) in target.rows { totals[id, default: 0] += number } }
        guard !totals.isEmpty else { return [] }
        var out = [String(repeating: "-", count: Report.width), "Kinds across the package:"]
        for (id, number) in totals.sorted(by: { ($1.value, $0.key) < ($0.value, $1.key) }) {
            let fix = table.row(named: id)?.fixes.first.map { ": \($0)" } ?? (id == "unknown" ? ": not in the table, not guessed" : "")
            out += wrapLine("\(number) × \(id)\(fix)", indent: "      ")
        }
        return out
    }

    static func reason(_ reason: MigrationOrder.Reason) -> String {
        switch reason {
        case .sharedCause(let causedIn, let names):
            let places = causedIn.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            let named = names.isEmpty ? "" : " (\(names.prefix(6).joined(separator: ", ")))"
            return "first, although others depend on it: diagnostics in the targets that use it name its declarations"
                + "\(named): \(places). Make its types Sendable and its global state safe here, and those go too."
        case .outermost:
            return "nothing in the package depends on it, so its changes break no one."
        case .afterDependents(let users):
            return "after what depends on it (\(users.joined(separator: ", "))), so they are migrated against its current interface."
        }
    }
}

extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}

/// Word-wraps to `Report.width`: the first line as it starts, the others after `indent`.
func wrapLine(_ text: String, indent: String) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
        if !line.isEmpty, line.count + 1 + word.count > Report.width, line != indent {
            lines.append(line)
            line = indent
        }
        if !line.isEmpty, line != indent { line += " " }
        line += word
    }
    if !line.isEmpty { lines.append(line) }
    return lines
}
