/// A log's entries grouped by the row (and, where the evidence names one, the cause) they
/// route to, in order of first appearance, and the entries no row knows.
public struct Routing: Sendable {
    public struct Kind: Sendable {
        public var row: Row
        public var entries: [Entry]
        /// The row's causes in the order to print them; the first alone when `toldBy` is set.
        public var causes: CauseChoice
        /// The group tags the compiler printed with these lines (or the row's own).
        public var groups: [String] {
            let printed = Set(entries.flatMap(\.groups))
            return printed.isEmpty ? [row.group].compactMap { $0 } : printed.sorted()
        }
    }
    public var kinds: [Kind]
    public var unknown: [Entry]

    public init(entries: [Entry], matcher: Matcher, settings: BuildSettings = .unknown) {
        var kinds: [Kind] = []
        var unknown: [Entry] = []
        for entry in entries {
            guard let row = matcher.row(for: entry) else { unknown.append(entry); continue }
            let choice = CauseChooser.choose(row, for: entry, settings: settings)
            let told = choice.toldBy == nil ? nil : choice.first?.id
            if let index = kinds.firstIndex(where: { $0.row.id == row.id && ($0.causes.toldBy == nil ? nil : $0.causes.first?.id) == told }) {
                kinds[index].entries.append(entry)
            } else {
                kinds.append(Kind(row: row, entries: [entry], causes: choice))
            }
        }
        self.kinds = kinds
        self.unknown = unknown
    }

    public var routedCount: Int { kinds.reduce(0) { $0 + $1.entries.count } }
}

/// One diagnostic routed: its row (nil: unknown) and its causes, first the one to suspect.
public struct RoutedDiagnostic: Sendable {
    public var entry: Entry
    public var row: Row?
    public var causes: CauseChoice?
}

/// Everything a reading and a routing made of the input, counted.
public struct RoutedLog: Sendable {
    public var routing: Routing
    public var diagnostics: [RoutedDiagnostic]
    /// Non-blank lines that were neither a diagnostic nor a note nor part of one.
    public var skipped: Int
    public var notesRead: Int
    /// The toolchain's concurrency diagnostic groups (`Table.groups`): a warning tagged with
    /// one of them counts; another tag (`[#no-usage]`: an unused value) does not.
    public var concurrencyGroups: Set<String> = []

    public var routedCount: Int { routing.routedCount }
    public var unknownCount: Int { routing.unknown.count }
    /// 0: every diagnostic routed (a clean log too), or the only unknown ones are warnings that
    /// name no concurrency term (an unused variable); 1: an unknown error, trap or bare line, or
    /// an unknown warning about concurrency. Bad input (2) never gets here.
    public var exitStatus: Int32 { routing.unknown.contains { Self.counts($0, concurrencyGroups: concurrencyGroups) } ? 1 : 0 }

    /// The words that make an unknown warning a concurrency one (`--help` lists them), found in
    /// the message's own words, not inside the names it quotes ('uploadTask' is a name).
    public static let concurrencyTerms = ["actor", "sendable", "isolat", "async", "await", "concurren", "task",
                                          "sending", "data race", "thread", "executor", "continuation", "@preconcurrency"]

    /// A quoted word that is itself a concurrency keyword, attribute or type ('nonisolated',
    /// '@MainActor', 'Sendable', 'Task'): it counts, where a quoted name that contains one does not.
    public static let quotedConcurrencyWords: Set<String> = [
        "sendable", "nonisolated", "isolated", "await", "async", "actor", "mainactor", "globalactor", "preconcurrency",
        "concurrent", "sending", "task", "taskgroup", "throwingtaskgroup", "asyncstream", "asyncthrowingstream",
        "checkedcontinuation", "unsafecontinuation", "sendablemetatype", "distributedactor"]

    /// Does the message name a concurrency term in its own words, or quote a concurrency keyword?
    public static func namesConcurrency(_ message: String) -> Bool {
        let lower = message.lowercased()
        let quote = #"'[^']*'|`[^`]*`"#
        let prose = lower.replacingOccurrences(of: quote, with: " ", options: .regularExpression)
        if concurrencyTerms.contains(where: prose.contains) { return true }
        var rest = lower[...]
        while let range = rest.range(of: quote, options: .regularExpression) {
            let word = rest[range].dropFirst().dropLast().drop { $0 == "@" }
            let bare = word.hasPrefix("nonisolated(") ? "nonisolated" : String(word)
            if quotedConcurrencyWords.contains(bare) { return true }
            rest = rest[range.upperBound...]
        }
        return false
    }

    static func counts(_ entry: Entry, concurrencyGroups: Set<String>) -> Bool {
        guard entry.severity == "warning" else { return true }
        return entry.groups.contains(where: concurrencyGroups.contains) || namesConcurrency(entry.message)
    }
}

/// The router as a function: lines in, typed routed results out. `Scripts/explain`, `try`
/// and `explain --package` call it; `settings` is what the caller knows of the build.
public struct Router: Sendable {
    public let table: Table
    public let matcher: Matcher

    public init(table: Table) {
        self.table = table
        self.matcher = Matcher(table)
    }

    public func route(_ text: String, settings: BuildSettings = .unknown, single: Bool = false) -> RoutedLog {
        let read = LogReader.read(text, matcher: matcher, single: single)
        // "add '@preconcurrency' to treat 'Sendable'-related errors from module 'M' …" in the same
        // log says that a module it imports is built in the Swift 5 mode.
        var settings = settings
        if let line = read.entries.first(where: { matcher.row(for: $0)?.id == "add-preconcurrency-import" }) {
            settings.read(.swift5Dependency, from: line.message)
        }
        // A build command pasted with the log (`swiftc … -default-isolation MainActor`) or the
        // manifest's setting says the module is main-actor by default.
        if let words = ["-default-isolation MainActor", "-default-isolation=MainActor", "defaultIsolation(MainActor.self)"].first(where: text.contains) {
            settings.read(.defaultMainActor, from: words)
        }
        let diagnostics = read.entries.map { entry in
            let row = matcher.row(for: entry)
            return RoutedDiagnostic(entry: entry, row: row, causes: row.map { CauseChooser.choose($0, for: entry, settings: settings) })
        }
        return RoutedLog(routing: Routing(entries: read.entries, matcher: matcher, settings: settings),
                         diagnostics: diagnostics, skipped: read.skipped, notesRead: read.notesRead,
                         concurrencyGroups: Set(table.groups.map(\.name)))
    }

    public func route(lines: [String], settings: BuildSettings = .unknown) -> RoutedLog {
        route(lines.joined(separator: "\n"), settings: settings)
    }
}
