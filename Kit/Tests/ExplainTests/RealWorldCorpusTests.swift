import ExplainKit
import Foundation
import Testing

/// Lines that developers of other apps quoted in public issues and forum threads, with their
/// source (real-world-diagnostics.tsv): names, types and wordings unlike the kit's.
struct RealWorldCorpusTests {
    struct Quoted {
        var url: String
        var expected: String
        var line: String
    }

    static let corpus: [Quoted] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("real-world-diagnostics.tsv")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { line in
            let fields = line.split(separator: "\t", maxSplits: 2).map(String.init)
            return fields.count == 3 ? Quoted(url: fields[0], expected: fields[1], line: fields[2]) : nil
        }
    }()

    static func routedRow(_ quoted: Quoted) -> String? {
        let routing = Kit.route(quoted.line, single: true)
        return routing.kinds.count == 1 && routing.unknown.isEmpty ? routing.kinds[0].row.id : nil
    }

    @Test func theCorpusHoldsFortyRealLinesEachWithItsSource() {
        #expect(Self.corpus.count >= 40)
        for quoted in Self.corpus {
            #expect(quoted.url.hasPrefix("https://"), "\(quoted.line)")
            #expect(quoted.expected == "-" || Kit.table.row(named: quoted.expected) != nil, "\(quoted.expected)")
        }
    }

    /// The routing figure: at least 90% of real lines reach a row of the same template, and
    /// that row has a reproduction (the verifier proves each row's reproduction in CI).
    @Test func atLeastNinetyPercentRouteToTheirTemplate() {
        let hits = Self.corpus.filter { Self.routedRow($0) == $0.expected && $0.expected != "-" }
        let share = Double(hits.count) / Double(Self.corpus.count)
        print("real-world corpus: \(hits.count) of \(Self.corpus.count) lines routed to their template (\(Int(share * 100))%)")
        for quoted in Self.corpus where (Self.routedRow(quoted) ?? "-") != quoted.expected {
            // A line reported unknown is a miss the figure counts; one sent to another row is a guess.
            if let wrong = Self.routedRow(quoted) {
                Issue.record("\(quoted.url): expected \(quoted.expected), routed to \(wrong): \(quoted.line)")
            } else {
                print("not routed: \(quoted.url): \(quoted.line)")
            }
        }
        #expect(share >= 0.9)
        for hit in hits { #expect(!(Kit.table.row(named: hit.expected)?.reproductions.isEmpty ?? true)) }
    }

    /// A line no row knows is reported as unknown, never routed to the nearest row.
    @Test func aLineTheTableDoesNotKnowIsSaidPlainly() {
        for quoted in Self.corpus where quoted.expected == "-" {
            let routing = Kit.route(quoted.line, single: true)
            #expect(routing.kinds.isEmpty)
            #expect(routing.unknown.count == 1)
        }
    }
}
