import ExplainKit
import Foundation
import Testing

/// Real lines gathered after the causes and the programs were written (held-out-diagnostics.tsv):
/// the router must send each to its row and, where the line can tell, to its cause first, and
/// never to another row (a wrong fix).
struct HeldOutTests {
    struct Quoted {
        var url: String
        var row: String
        var cause: String
        var text: String
    }

    static let lines: [Quoted] = lines(in: "held-out-diagnostics.tsv")

    /// The quoted lines of one of this folder's TSV files (comment lines start with '#').
    static func lines(in file: String) -> [Quoted] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(file)
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { line in
            let fields = line.split(separator: "\t", maxSplits: 3).map(String.init)
            guard fields.count == 4 else { return nil }
            return Quoted(url: fields[0], row: fields[1], cause: fields[2], text: fields[3].replacingOccurrences(of: "\\n", with: "\n"))
        }
    }

    /// (the row it reached or nil for unknown, the first cause printed)
    static func route(_ quoted: Quoted) -> (row: String?, cause: String?, wrong: Bool) {
        let log = Router(table: Kit.table).route(quoted.text, single: !quoted.text.contains("\n"))
        let rows = Set(log.diagnostics.compactMap { $0.row?.id })
        let hit = log.diagnostics.first { $0.row?.id == quoted.row }
        let wrong = rows.contains { $0 != quoted.row }
        return (hit?.row?.id ?? (rows.isEmpty ? nil : rows.first), hit?.causes?.first?.id, wrong)
    }

    @Test func heldOutLinesReachTheirRowAndCauseWithNoWrongRow() {
        #expect(Self.lines.count >= 16)
        var right = 0
        for quoted in Self.lines {
            let routed = Self.route(quoted)
            #expect(!routed.wrong, "\(quoted.url): sent to another row: \(routed.row ?? "-")")
            let rowRight = quoted.row == "-" ? routed.row == nil : routed.row == quoted.row
            let causeRight = quoted.cause == "-" || routed.cause == quoted.cause
            if rowRight && causeRight { right += 1 } else {
                print("held-out miss: \(quoted.url): \(routed.row ?? "unknown")/\(routed.cause ?? "-"), expected \(quoted.row)/\(quoted.cause)")
            }
        }
        print("held-out lines: \(right) of \(Self.lines.count) routed to their row and cause")
        #expect(Double(right) >= 0.85 * Double(Self.lines.count))
    }
}

/// Every cause of every row has a program under Kit/Explain/programs/ that expects it, so its
/// fix is built before and after (`explain --verify`).
struct CauseCoverageTests {
    @Test func everyCauseHasAProgramThatProvesItsFix() throws {
        let folder = Kit.root.appendingPathComponent("Kit/Explain/programs")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
        var expected: Set<String> = []
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            let program = try Program.parse(file: file, text: text)
            if let cause = program.cause { expected.insert("\(program.row)/\(cause)") }
            #expect(Kit.table.row(named: program.row) != nil, "\(file)")
        }
        #expect(files.count >= 60)
        for row in Kit.table.rows {
            for cause in row.causes ?? [] { #expect(expected.contains("\(row.id)/\(cause.id)"), "\(row.id)/\(cause.id)") }
        }
    }

    /// A row's or a cause's `programs` name programs that exist and expect that row (and cause).
    @Test func everyProgramATableEntryNamesExpectsIt() throws {
        let folder = Kit.root.appendingPathComponent("Kit/Explain/programs")
        func parsed(_ name: String) throws -> Program {
            let file = folder.appendingPathComponent("\(name).swift")
            return try Program.parse(file: file.lastPathComponent, text: String(contentsOf: file, encoding: .utf8))
        }
        for row in Kit.table.rows {
            for name in row.programs ?? [] { #expect(try parsed(name).row == row.id, "\(row.id): \(name)") }
            for cause in row.causes ?? [] {
                for name in cause.programs ?? [] {
                    let program = try parsed(name)
                    #expect(program.row == row.id && program.cause == cause.id, "\(row.id)/\(cause.id): \(name)")
                }
            }
        }
    }
}
