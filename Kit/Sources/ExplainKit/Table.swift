import Foundation

/// The router's table (`Kit/Explain/table.json`): one row per kind of diagnostic or trap,
/// what it means, where the kit reproduces it, the fixes it teaches and the ones it warns
/// against. Data, so that a new row is an edit to the file and CI proves it
/// (`Scripts/explain --verify`).
public struct Table: Decodable, Sendable {
    /// The concurrency diagnostic groups of the toolchain (each `[#Name]` tag) and the file
    /// that explains each under `usr/share/doc/swift/diagnostics/`.
    public var groups: [Group]
    public var rows: [Row]
    /// The toolchain the templates were last measured with ("Swift 6.3.1, Linux").
    public var measuredWith: String?

    public struct Group: Decodable, Sendable, Hashable {
        public var name: String
        public var doc: String
    }

    public static func load(from url: URL) throws -> Table {
        let table = try JSONDecoder().decode(Table.self, from: Data(contentsOf: url))
        var seen: Set<String> = []
        for row in table.rows where !seen.insert(row.id).inserted {
            throw TableError("the table has two rows named \(row.id)")
        }
        return table
    }

    public func row(named id: String) -> Row? { rows.first { $0.id == id } }
    public func group(named name: String) -> Group? { groups.first { $0.name == name } }
}

public struct TableError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// One kind: its message templates, what it means and where the kit shows it.
public struct Row: Decodable, Sendable {
    public var id: String
    /// The `[#Group]` tag Swift 6.3 prints with it, if any.
    public var group: String?
    /// A run-time message (a trap, a crash report's frame) rather than a compiler diagnostic.
    public var runtime: Bool?
    /// The wordings the current toolchain prints: `%` stands for a name, a type, a path.
    /// The verifier requires each of them from the row's reproductions.
    public var templates: [String]
    /// Wordings of earlier compilers (Swift 5.10–6.2, Xcode 16 betas) that learners paste.
    public var older: [String]?
    /// Wordings of a later compiler (Swift 6.4), each with the branch it was read from and the
    /// compiler's own text with its arguments filled in (`LaterWordingTests` matches them).
    public var later: [Later]?
    /// Where `templates` were read: absent, Swift 6.3.1's compiler (release/6.3) printed them
    /// here and `--verify` rebuilds them.
    public var wordingFrom: String?
    /// Two lines: what it means.
    public var meaning: [String]
    /// Where the kit reproduces it, each with the command that shows it.
    public var kit: [Place]
    /// The evidence the verifier rebuilds.
    public var reproductions: [Reproduction]
    public var fixes: [String]
    public var wrongFixes: [String]
    public var proposals: [String]
    /// The causes one wording has, in the order to suspect them; each with its own fixes.
    public var causes: [Cause]?
    /// The programs under Kit/Explain/programs/ (file names without `.swift`) that prove the
    /// row's own fixes, and its wrong fixes (their `wrong:` branches): each expects this row.
    public var programs: [String]?
    /// Where its wording or behaviour changed between toolchains.
    public var changes: [Change]?

    /// Set for a diagnostic of a later toolchain, its wording read from that compiler's tests:
    /// "recognised, not reproducible on this toolchain". The verifier does not rebuild it.
    public var unreproducible: String?

    public var isRuntime: Bool { runtime ?? false }
    /// Every wording, each once (a 6.4-only row's template is its `later` wording too).
    public var allTemplates: [String] {
        templates + (older ?? []) + (later ?? []).map(\.template).filter { !templates.contains($0) && !(older ?? []).contains($0) }
    }
}

/// A later compiler's wording of a row's diagnostic (or of a note a cause reads).
public struct Later: Decodable, Sendable {
    public var template: String
    /// The compiler branch it was read from, and how.
    public var branch: String
    /// The compiler's text with its arguments filled in, as that compiler prints it.
    public var example: String
}

public struct Place: Decodable, Sendable {
    public var what: String
    public var command: String?
}

/// How the verifier makes the diagnostic appear again.
public struct Reproduction: Decodable, Sendable, Hashable {
    /// A stage compiled with `-strict-concurrency=complete` (one build for all stages).
    public var stage: String?
    /// A small file under `Kit/Explain/repro/`, compiled with the flags on its first line.
    public var file: String?
    /// A note's `text compiler=` block, found by a word of its opening line (its patch):
    /// `Scripts/check-notes` proves the compiler prints that block; the verifier proves
    /// the block still holds the row's wording.
    public var note: String?
    public var block: String?
    /// A probe under `Steps/probes/`, run by `Scripts/probe`.
    public var probe: String?
    /// A program under `Kit/Explain/programs/` with `before: runs`: what it prints when run
    /// before its fix (a TSan report no probe shows).
    public var program: String?

    public var label: String {
        if let stage { return "stage \(stage) (complete checking)" }
        if let file { return file }
        if let note { return "\(note) [\(block ?? "")]" }
        if let probe { return "Scripts/probe \(probe)" }
        if let program { return "\(program) (run before its fix)" }
        return "(none)"
    }
}

/// One cause of a kind: how to tell it applies, and the fixes for it alone.
public struct Cause: Decodable, Sendable {
    public var id: String
    /// One line: what causes it.
    public var name: String
    /// One line: how a developer tells that this cause is theirs.
    public var tell: String
    /// Templates (`%` for a name) found anywhere in one of the diagnostic's notes.
    public var notes: [String]?
    /// The same notes as a later compiler words them (Swift 6.4's region notes say "code in
    /// the current isolation context" where 6.3 said "task-isolated").
    public var laterNotes: [Later]?
    /// `notes` and `laterNotes` together.
    public var allNotes: [String]? {
        notes.map { $0 + (laterNotes ?? []).map(\.template) } ?? laterNotes.map { $0.map(\.template) }
    }
    /// Only notes printed at such a place count: "module" (an interface), "elsewhere" (another file, or an interface).
    public var notesFrom: String?
    /// Every signal it lists must hold (a setting and a note), not just one.
    public var all: Bool?
    /// Templates found anywhere in the source line the excerpt shows (`func %(% = %`).
    public var source: [String]?
    /// Templates found in a line the excerpt shows above the diagnostic's own, or on it (the
    /// call whose closure holds it: `DispatchQueue.global().async {`). Told like the source line.
    public var context: [String]?
    /// Templates found anywhere in the message itself (the declaration or type it names).
    public var message: [String]?
    /// Templates found in a crash's first frame outside the runtime (`CauseChooser.enteredFrame`):
    /// the code its check stopped on entry (`closure #1 in Scheduler.request()`, `protocol
    /// witness for …`). Told like the source line.
    public var entered: [String]?
    /// Templates found in the diagnostic's location (`Tests/%`: test code). The weakest
    /// signal: where a file is says less than anything printed about it.
    public var location: [String]?
    /// What the value the message names must be, as the excerpt shows it (`ValueKind`):
    /// "parameter", "state", "local". When the excerpt shows something else, the cause is not
    /// told, whatever its note says; when it shows this, that tells the cause like a source line.
    public var values: [String]?
    /// A build setting that names it, when the caller knows the settings (`--package`, `try`).
    public var setting: BuildSettings.Fact?
    public var fixes: [String]
    public var wrongFixes: [String]?
    /// The programs under Kit/Explain/programs/ (file names without `.swift`) that prove its
    /// fixes and wrong fixes (`--verify` builds them): each expects this row and cause.
    public var programs: [String]?
    public var changes: [Change]?
}

/// A change of wording or behaviour: the toolchains it concerns and what changed, with the
/// compiler issue or pull request that says so. `measured` is false for a toolchain this
/// machine does not have (read from the compiler's sources and tests).
public struct Change: Decodable, Sendable {
    public var swift: String
    public var what: String
    public var source: String?
    public var measured: Bool?
}
