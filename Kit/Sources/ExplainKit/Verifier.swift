import Foundation

/// `Scripts/explain --verify`: every row's reproductions still print each of its current
/// wordings; every concurrency group of the table appears in some reproduction with its
/// tag; and every diagnostic the kit itself produces (the stages under complete checking,
/// the notes' compiler blocks) routes to a row.
public struct Verifier {
    let table: Table
    let matcher: Matcher
    let root: URL
    var log: (String) -> Void

    public init(table: Table, root: URL, log: @escaping (String) -> Void) {
        self.table = table
        self.matcher = Matcher(table)
        self.root = root
        self.log = log
    }

    /// The problems found (none: verified), and a line per row.
    public func verify() -> (problems: [String], lines: [String]) {
        // One fixed scratch path, ignored by git (.build*), emptied before and after: every
        // stage recompiles and prints its diagnostics, and SwiftPM's lock files for it keep
        // one name instead of one per run.
        let scratch = root.appendingPathComponent(".build-explain")
        try? FileManager.default.removeItem(at: scratch)
        try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let evidence = Evidence(root: root, scratch: scratch, router: Router(table: table), log: log)
            .gather(Set(table.rows.flatMap(\.reproductions)))
        var problems: [String] = []
        var lines: [String] = []
        var tagsSeen: Set<String> = []
        for (reproduction, result) in evidence {
            if case .failure(let error) = result { problems.append("\(reproduction.label): \(error)") }
        }
        for row in table.rows {
            if let why = row.unreproducible {
                lines.append("--    \(row.id): recognised, not reproducible on this toolchain (\(why))")
                continue
            }
            let printed = row.reproductions.flatMap { (try? evidence[$0]?.get()) ?? [] }
            let entries = LogReader.entries(in: printed.joined(separator: "\n"), matcher: matcher, single: false)
            for entry in entries where route(entry)?.id == row.id { tagsSeen.formUnion(entry.groups) }
            let missing = row.templates.filter { template in
                !entries.contains { matcher.template(template, of: row, matches: $0.message) }
            }
            // Each reproduction must show this kind, so a pointer to the wrong block or file fails.
            for reproduction in row.reproductions {
                let lines = (try? evidence[reproduction]?.get()) ?? []
                let own = LogReader.entries(in: lines.joined(separator: "\n"), matcher: matcher, single: false)
                if !own.contains(where: { route($0)?.id == row.id }) {
                    problems.append("\(row.id): \(reproduction.label) prints nothing of this kind")
                }
            }
            let example = entries.first { route($0)?.id == row.id }
            if missing.isEmpty, let example {
                lines.append("ok    \(row.id): \(example.location ?? row.reproductions.first?.label ?? "")")
            } else {
                problems.append("\(row.id): its reproductions (\(row.reproductions.map(\.label).joined(separator: ", "))) "
                    + "no longer print: \(missing.isEmpty ? row.templates : missing)")
                lines.append("FAIL  \(row.id)")
            }
        }
        for group in table.groups where !tagsSeen.contains(group.name) {
            problems.append("group #\(group.name): no row's reproduction printed a diagnostic tagged with it")
        }
        let programs = ProgramRunner(root: root, scratch: scratch.appendingPathComponent("programs"),
                                     router: Router(table: table), log: log).run()
        problems += programs.problems
        lines += programs.lines
        problems += kitDiagnosticsUnrouted(stageLines: evidence.compactMap { $0.key.stage != nil ? try? $0.value.get() : nil }.flatMap { $0 })
        return (problems, lines)
    }

    func route(_ entry: Entry) -> Row? {
        matcher.row(for: entry)
    }

    /// The kit's own diagnostics that no row knows: from the stages' build, and from every
    /// compiler block of every note.
    func kitDiagnosticsUnrouted(stageLines: [String]) -> [String] {
        var lines = stageLines
        for note in NoteBlocks.notes(under: root) {
            guard let text = try? String(contentsOf: note, encoding: .utf8) else { continue }
            lines += NoteBlocks.compilerBlocks(in: text).flatMap(\.lines)
        }
        let entries = LogReader.entries(in: lines.joined(separator: "\n"), matcher: matcher, single: false)
        let unknown = Routing(entries: entries, matcher: matcher).unknown
        return unknown.map { "the kit produces a diagnostic no row knows: \($0.location ?? ""): \($0.message)" }
    }
}
