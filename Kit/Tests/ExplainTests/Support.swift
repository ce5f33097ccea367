import ExplainKit
import Foundation

/// The package root and the kit's table, found from this file's place in the repository.
enum Kit {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let table: Table = try! Table.load(from: root.appendingPathComponent("Kit/Explain/table.json"))
    static let matcher = Matcher(table)

    static func route(_ text: String, single: Bool = false) -> Routing {
        Routing(entries: LogReader.entries(in: text, matcher: matcher, single: single), matcher: matcher)
    }
}
