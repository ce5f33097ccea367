/// A log's entries grouped by the row they route to, in order of first appearance, and the
/// entries no row knows.
public struct Routing: Sendable {
    public struct Kind: Sendable {
        public var row: Row
        public var entries: [Entry]
        /// The group tags the compiler printed with these lines (or the row's own).
        public var groups: [String] {
            let printed = Set(entries.flatMap(\.groups))
            return printed.isEmpty ? [row.group].compactMap { $0 } : printed.sorted()
        }
    }
    public var kinds: [Kind]
    public var unknown: [Entry]

    public init(entries: [Entry], matcher: Matcher) {
        var kinds: [Kind] = []
        var unknown: [Entry] = []
        for entry in entries {
            let row = entry.severity == "runtime"
                ? matcher.runtimeRow(forLine: entry.message) : matcher.row(forMessage: entry.message)
            guard let row else { unknown.append(entry); continue }
            if let index = kinds.firstIndex(where: { $0.row.id == row.id }) {
                kinds[index].entries.append(entry)
            } else {
                kinds.append(Kind(row: row, entries: [entry]))
            }
        }
        self.kinds = kinds
        self.unknown = unknown
    }

    public var routedCount: Int { kinds.reduce(0) { $0 + $1.entries.count } }
}
