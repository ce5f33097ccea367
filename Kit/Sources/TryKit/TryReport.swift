import ExplainKit
import Foundation
import MatrixKit

/// Prints `Scripts/try`'s outcome: one screen a column (100 columns wide), then the
/// columns side by side.
public struct TryReport {
    public static let width = 100
    /// The program's output lines shown per column; the rest are counted.
    static let outputLines = 12
    /// The kinds of diagnostic shown per column.
    static let kindsShown = 6
    let source: TrySource

    public init(source: TrySource) { self.source = source }

    public func render(_ outcomes: [TryOutcome], matcher: Matcher) -> String {
        var out: [String] = []
        for outcome in outcomes { out += screen(outcome, matcher: matcher) + [""] }
        out += sideBySide(outcomes, matcher: matcher)
        // What no column's compiler reports: a read, an await and a write of an actor's state.
        for shape in source.reentrancyShapes { out += [""] + wrap("shape: " + shape.sentence, indent: "  ") }
        return out.joined(separator: "\n")
    }

    func screen(_ outcome: TryOutcome, matcher: Matcher) -> [String] {
        let routing = Routing(entries: outcome.entries, matcher: matcher)
        var out = [String(repeating: "=", count: Self.width)]
        out.append(fit("\(outcome.column.title): \(Self.counts(outcome.entries)), "
            + (outcome.built ? "built" : "did not build")))
        // The command as the learner would type it on their own file.
        let command = outcome.command.map { $0.hasSuffix("main.swift") ? source.name : $0 }
            .map { $0.contains("/") ? URL(fileURLWithPath: $0).lastPathComponent : $0 }
        out += wrap("$ " + command.joined(separator: " "), indent: "  ")
        // One screen a column: the most frequent kinds, the others counted.
        let kinds = routing.kinds.sorted { $0.entries.count > $1.entries.count }
        for kind in kinds.prefix(Self.kindsShown) {
            let places = kind.entries.compactMap(\.location)
            let at = places.isEmpty ? "" : "  at " + places.prefix(3).joined(separator: ", ")
                + (places.count > 3 ? " and \(places.count - 3) more" : "")
            out += wrap("\(kind.entries.count) × \(kind.row.id) (\(Self.counts(kind.entries)))\(at)", indent: "  ")
            // The compiler's own words first: the row's fix is the kit's general answer.
            if let first = kind.entries.first {
                out += wrap("says: \(first.severity.map { "\($0): " } ?? "")\(first.message)", indent: "      ")
                if let note = first.notes.first { out += wrap("note: \(note)", indent: "      ") }
            }
            if let fix = (kind.causes.toldBy != nil ? kind.causes.first?.fixes.first : nil) ?? kind.row.fixes.first {
                out += wrap("fix: \(fix)", indent: "      ")
            }
            if let command = kind.row.kit.first?.command { out += wrap("kit: $ \(command)", indent: "      ") }
        }
        if kinds.count > Self.kindsShown {
            out.append("  … and \(kinds.count - Self.kindsShown) more kinds: Scripts/explain .build-try/\(outcome.column.id)/build.log")
        }
        for entry in routing.unknown.prefix(4) {
            out += wrap("? \(entry.location.map { "\($0): " } ?? "")\(entry.severity.map { "\($0): " } ?? "")\(entry.message)",
                        indent: "  ")
        }
        if routing.unknown.count > 4 { out.append("  ? and \(routing.unknown.count - 4) more the table does not know") }
        if !outcome.built, outcome.entries.isEmpty {
            // A failure with no diagnostic (a crash, a link error): its last lines say why.
            out += outcome.buildLog.split(separator: "\n").suffix(6).map { fit("  | " + $0) }
        }
        if let run = outcome.run {
            out += runLines(run)
        } else if let reason = outcome.notRun {
            out += wrap("run: not run: \(reason)", indent: "").prefix(8)
        }
        return out
    }

    func runLines(_ run: TryRunResult) -> [String] {
        var out = [fit("run: \(run.ending)")]
        out += run.output.prefix(Self.outputLines).map { fit("  | " + $0) }
        if run.output.count > Self.outputLines { out.append("  | … \(run.output.count - Self.outputLines) more lines") }
        var threads: [UInt] = []
        for place in run.places {
            if !threads.contains(place.thread) { threads.append(place.thread) }
            let number = threads.firstIndex(of: place.thread)! + 1
            let queue = place.queue.isEmpty ? "no queue" : "queue \(place.queue)\(place.onMainQueue ? " (main)" : "")"
            out += wrap("where? line \(place.line) \(code(at: place.line)): thread \(number)"
                + "\(place.firstThread ? " (the first)" : ""), \(queue), executor: \(place.executor)", indent: "  ")
        }
        if run.tsanRuns > 0 || !run.reports.isEmpty || run.ending.hasSuffix("(TSan)") {
            out.append("tsan: \(run.reports.count) report\(run.reports.count == 1 ? "" : "s") in the run shown"
                + (run.tsanRuns > 0 ? "; a report in \(run.runsWithReports) of \(run.tsanRuns) runs" : ""))
            for report in run.reports.prefix(3) { out += TryTSan(source: source).summary(of: report).map(fit) }
            if run.reports.count > 3 { out.append("  … \(run.reports.count - 3) more (the same run with Scripts/probe or --raw)") }
        }
        return out
    }

    /// The marked line's code, without its mark, quoted and cut to fit.
    func code(at line: Int) -> String {
        let lines = source.lines
        guard line >= 1, line <= lines.count else { return "" }
        var text = lines[line - 1].replacingOccurrences(of: "// where?", with: "")
            .split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        if text.count > 32 { text = String(text.prefix(31)) + "…" }
        return "(\(text))"
    }

    /// Each kind a row, each column its count: what changes from one mode to the next.
    func sideBySide(_ outcomes: [TryOutcome], matcher: Matcher) -> [String] {
        let first = 36, cell = (Self.width - 36) / max(outcomes.count, 1)
        func row(_ label: String, _ cells: [String]) -> String {
            let head = label.count > first - 1 ? String(label.prefix(first - 2)) + "…" : label
            return head.padding(toLength: first, withPad: " ", startingAt: 0)
                + cells.map { String($0.prefix(cell - 1)).padding(toLength: cell, withPad: " ", startingAt: 0) }.joined()
                .trimmingCharacters(in: .whitespaces)
        }
        let routings = outcomes.map { Routing(entries: $0.entries, matcher: matcher) }
        var ids: [String] = []
        for routing in routings { for kind in routing.kinds where !ids.contains(kind.row.id) { ids.append(kind.row.id) } }
        var out = [String(repeating: "=", count: Self.width), row("side by side", outcomes.map(\.column.short))]
        out.append(row("builds", outcomes.map { $0.built ? "yes" : "no" }))
        for id in ids {
            out.append(row(id, routings.map { routing in
                routing.kinds.first { $0.row.id == id }.map { Self.counts($0.entries, short: true) } ?? "-"
            }))
        }
        out.append(row("not in the table", routings.map { $0.unknown.isEmpty ? "-" : Self.counts($0.unknown, short: true) }))
        if source.runs {
            out.append(row("run", outcomes.map { $0.run?.ending ?? "not run" }))
            if outcomes.contains(where: { ($0.run?.tsanRuns ?? 0) > 0 }) {
                // Runs with a report out of runs made: one run per column would compare luck.
                out.append(row("TSan: runs with a report", outcomes.map { $0.run.map { "\($0.runsWithReports)/\($0.tsanRuns)" } ?? "-" }))
                out += wrap("(each column ran \(TryBuilder.tsanRuns) times; a race shows in some runs only, so a column "
                    + "with none may still race, and counts that differ by a run or two say little)", indent: "")
            }
        }
        return out
    }

    /// "2 errors, 1 warning", or "2e 1w" for a cell.
    static func counts(_ entries: [Entry], short: Bool = false) -> String {
        let errors = entries.filter { $0.severity == "error" }.count
        let warnings = entries.filter { $0.severity == "warning" }.count
        let other = entries.count - errors - warnings
        if short {
            return [errors > 0 ? "\(errors)e" : nil, warnings > 0 ? "\(warnings)w" : nil, other > 0 ? "\(other)" : nil]
                .compactMap { $0 }.joined(separator: " ")
        }
        if entries.isEmpty { return "no diagnostics" }
        var parts: [String] = []
        if errors > 0 { parts.append("\(errors) error\(errors == 1 ? "" : "s")") }
        if warnings > 0 { parts.append("\(warnings) warning\(warnings == 1 ? "" : "s")") }
        if other > 0 { parts.append("\(other) other") }
        return parts.joined(separator: ", ")
    }

    func fit(_ line: some StringProtocol) -> String {
        line.count <= Self.width ? String(line) : String(line.prefix(Self.width - 1)) + "…"
    }

    /// Word-wraps `text` to the width, continuation lines indented two more.
    func wrap(_ text: String, indent: String) -> [String] {
        var lines: [String] = []
        var line = indent
        for word in text.split(separator: " ") {
            if line.count > indent.count, line.count + 1 + word.count > Self.width {
                lines.append(line)
                line = indent + "  "
            }
            if !line.allSatisfy({ $0 == " " }) { line += " " }
            line += word
        }
        if !line.allSatisfy({ $0 == " " }) { lines.append(fit(line)) }
        return lines
    }
}

/// A TSan report as `Scripts/tsan` prints it: each access, which kind of thread, and its
/// frames in the snippet with their code, demangled.
struct TryTSan {
    let source: TrySource

    func summary(of report: TSanReport) -> [String] {
        var out = ["  \(report.kind)"]
        let words: [AccessContext: String] = [.main: "the main thread", .task: "a task on the cooperative pool",
                                              .queue: "a dispatch queue", .thread: "a thread TSan could not place"]
        let code = source.lines
        for access in report.accesses.prefix(2) {
            var header = access.header
            if let at = header.range(of: #" at 0x[0-9a-f]+"#, options: .regularExpression) { header.removeSubrange(at) }
            let context = AccessContext.of(access)
            out.append("    \(header)\(context == .main ? "" : " (\(words[context]!))"):")
            let own = access.frames.filter { $0.file.map { $0.hasSuffix(source.name) } ?? false }.prefix(3)
            if own.isEmpty, let first = access.frames.first {
                out.append("      \(Demangle.text(first.function).trimmingCharacters(in: .whitespacesAndNewlines)) (not in the snippet)")
            }
            for (index, frame) in own.enumerated() {
                let name = Demangle.text(frame.function).trimmingCharacters(in: .whitespacesAndNewlines)
                var line = "      \(index == 0 ? "at" : "from") \(name), line \(frame.line.map(String.init) ?? "?")"
                if let number = frame.line, number >= 1, number <= code.count {
                    line += ":  " + code[number - 1].split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
                }
                out.append(line)
            }
        }
        return out
    }
}
