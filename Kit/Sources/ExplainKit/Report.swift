import Foundation

/// Prints a routing for a projector: each kind on one screen no wider than 100 columns.
public struct Report {
    public static let width = 100
    let table: Table
    let docs: GroupDocs
    /// How many locations of a kind to list.
    let locations = 3

    public init(table: Table, docs: GroupDocs) {
        self.table = table
        self.docs = docs
    }

    public func render(_ routing: Routing) -> String {
        render(RoutedLog(routing: routing, diagnostics: [], skipped: 0, notesRead: 0))
    }

    /// The counts first (routed, unknown, skipped), the toolchains, then a screen per kind.
    public func render(_ log: RoutedLog, toolchain: String? = nil) -> String {
        let routing = log.routing
        var out: [String] = []
        let total = routing.routedCount + routing.unknown.count
        out += wrap("explain: \(total) diagnostic\(total == 1 ? "" : "s"): \(routing.routedCount) routed to "
            + "\(routing.kinds.count) kind\(routing.kinds.count == 1 ? "" : "s"), \(routing.unknown.count) unknown; "
            + "\(log.skipped) other line\(log.skipped == 1 ? "" : "s") skipped"
            + (log.notesRead > 0 ? "; \(log.notesRead) note\(log.notesRead == 1 ? "" : "s") read with their diagnostics." : "."),
            indent: "")
        if let toolchain {
            out += wrap("Toolchain: \(toolchain); the table was measured with \(table.measuredWith ?? "an unnamed toolchain").",
                        indent: "")
        }
        for kind in routing.kinds { out.append(""); out += screen(kind) }
        if !routing.unknown.isEmpty { out.append(""); out += unknownScreen(routing.unknown) }
        return out.joined(separator: "\n")
    }

    func screen(_ kind: Routing.Kind) -> [String] {
        let row = kind.row
        let count = kind.entries.count
        var out = [String(repeating: "=", count: Self.width)]
        let tags = kind.groups.map { "[#\($0)]" }.joined(separator: " ")
        let kindName = Self.title(of: row, for: kind.entries.first).replacingOccurrences(of: "%", with: "…")
        out += wrap("\(count) × \(kindName)  \(tags)  (\(row.id))", indent: "")
        if let why = row.unreproducible { out += wrap("recognised, not reproducible on this toolchain: \(why)", indent: "   ") }
        let places = kind.entries.compactMap(\.location)
        if !places.isEmpty {
            let shown = places.prefix(locations).joined(separator: ", ")
            out += wrap("at \(shown)\(places.count > locations ? ", and \(places.count - locations) more" : "")",
                        indent: "   ")
        } else if row.isRuntime, let first = kind.entries.first {
            out += wrap("as in: \(first.message)", indent: "   ")
        }
        out += section("Means", row.meaning.joined(separator: " "))
        for (index, place) in row.kit.enumerated() {
            out += section(index == 0 ? "The kit" : "", place.what)
            if let command = place.command { out += wrap("$ \(command)", indent: String(repeating: " ", count: 12)) }
        }
        out += causeLines(kind.causes)
        // A vendor's interface or a metatype: the row's fixes edit a declaration that is not the
        // developer's, or make a nominal type Sendable; the built-in cause's fixes stand alone.
        let replaced = kind.causes.toldBy != nil && CauseChooser.replaceRowFixes.contains(kind.causes.first?.id ?? "")
        for (index, fix) in (replaced ? [] : row.fixes).enumerated() {
            out += section(index == 0 ? (row.causes == nil ? "Fix" : "Any cause") : "", "+ \(fix)")
        }
        for (index, fix) in row.wrongFixes.enumerated() { out += section(index == 0 ? "Not" : "", "- \(fix)") }
        out += section("Proposal", row.proposals.joined(separator: "; "))
        for (index, change) in (row.changes ?? []).enumerated() {
            // A later toolchain's wording is recognised, not reproducible; an earlier one was quoted, not measured.
            let later = row.unreproducible != nil
            let mark = change.measured == false ? (later ? " [recognised, not reproducible on this toolchain]" : " [quoted, not measured here]") : ""
            out += section(index == 0 ? "Versions" : "", "Swift \(change.swift): \(change.what)\(change.source.map { " (\($0))" } ?? "")\(mark)")
        }
        for group in kind.groups { out += groupLines(group) }
        return out
    }

    /// A kind's title: its first template; for a run-time row, the wording its first line
    /// matched ("Incorrect actor executor assumption" is not titled `_dispatch_assert_queue_fail`).
    static func title(of row: Row, for entry: Entry?) -> String {
        if row.isRuntime, let entry {
            let text = Templates.normalize(entry.message)
            if let hit = row.allTemplates.first(where: { Templates.matches(Templates.pattern($0, anchored: false), text) }) { return hit }
        }
        return row.templates.first ?? row.id
    }

    /// One cause when the evidence named it; otherwise every cause in order, with how to tell.
    func causeLines(_ choice: CauseChoice) -> [String] {
        guard !choice.ordered.isEmpty else { return [] }
        if let told = choice.toldBy, let cause = choice.first {
            let signs = told.map(Self.describe).joined(separator: " and ")
            return section("Cause", "\(cause.name) (told by \(signs))") + fixLines(cause)
        }
        var out = section("Causes", "in the order to suspect them; how to tell which is yours:")
        for (index, cause) in choice.ordered.enumerated() {
            out += section("", "\(index + 1). \(cause.name). Tell: \(cause.tell)")
            out += fixLines(cause)
        }
        return out
    }

    static func describe(_ sign: Sign) -> String {
        switch sign {
        case .note(let note, let place):
            let at = place == "module" ? " (printed at a module's interface)" : place == "elsewhere" ? " (printed in another file)" : ""
            return "the note '\(note)'\(at)"
        case .message(let template):
            let words = template.hasPrefix("^") ? "starting '\(template.dropFirst())'" : String(template)
            return "the message: \(words.replacingOccurrences(of: "%", with: "…"))"
        case .sourceLine(let line):
            // A crash's frames stand where a diagnostic's excerpt would (`LogReader`).
            return ReadState.isFrame(line) ? "the crash's frame '\(line)'" : "the source line '\(line)'"
        case .setting(let fact): return "the build settings (\(fact.rawValue))"
        case .loggedSetting(let fact, let line): return "the log's line '\(line)' (\(fact.rawValue); no build settings were given)"
        case .location(let place): return "its location \(place), a prebuilt module's interface"
        case .place(let place): return "its location \(place)"
        }
    }

    func fixLines(_ cause: Cause) -> [String] {
        cause.fixes.map { section("", "  + \($0)") }.flatMap { $0 }
            + (cause.wrongFixes ?? []).map { section("", "  - \($0)") }.flatMap { $0 }
            + (cause.changes ?? []).map { section("", "  ~ Swift \($0.swift): \($0.what)\($0.source.map { " (\($0))" } ?? "")") }.flatMap { $0 }
    }

    func groupLines(_ name: String) -> [String] {
        guard let explanation = docs.explanation(of: name, in: table) else {
            return section("Compiler", "#\(name): no explanation of this group in this toolchain")
        }
        return section("Compiler", "#\(name) \(explanation.title): \(explanation.summary)")
            + wrap(explanation.path, indent: String(repeating: " ", count: 12))
    }

    func unknownScreen(_ entries: [Entry]) -> [String] {
        var out = [String(repeating: "=", count: Self.width)]
        out += wrap("\(entries.count) line\(entries.count == 1 ? "" : "s") the kit's table does not know "
            + "(not guessed; the compiler's own group, where it printed one):", indent: "")
        for entry in entries {
            let at = entry.location.map { "\($0): " } ?? ""
            out += wrap("? \(at)\(entry.message)", indent: "    ")
            for group in entry.groups {
                if let explanation = docs.explanation(of: group, in: table) {
                    out += wrap("#\(group): \(explanation.path)", indent: "    ")
                }
            }
        }
        return out
    }

    func section(_ label: String, _ text: String) -> [String] {
        let head = label.isEmpty ? String(repeating: " ", count: 12) : (label + ":").padding(toLength: 12, withPad: " ", startingAt: 0)
        let lines = wrap(text, indent: String(repeating: " ", count: 12), width: Self.width)
        guard let first = lines.first else { return [] }
        return [head + first.dropFirst(12)] + lines.dropFirst()
    }

    /// Word-wraps `text` to `width` columns, every line starting with `indent`.
    func wrap(_ text: String, indent: String, width: Int = Report.width) -> [String] {
        var lines: [String] = []
        var line = indent
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if line.count > indent.count, line.count + 1 + word.count > width {
                lines.append(line)
                line = indent
            }
            if line.count > indent.count { line += " " }
            line += word
            // A word longer than the line (a path) is cut, never left past the edge.
            while line.count > width {
                lines.append(String(line.prefix(width)))
                line = indent + line.dropFirst(width)
            }
        }
        if line.count > indent.count { lines.append(line) }
        return lines
    }
}
