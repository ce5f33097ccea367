import ExplainKit
import Foundation
import Testing

/// Every diagnostic the kit itself quotes is routed: the notes' `text compiler=` blocks,
/// which `Scripts/check-notes` proves the compiler prints (the verifier adds the stages'
/// live build under complete checking).
struct KitDiagnosticsTests {
    static func kitLog() -> String {
        NoteBlocks.notes(under: Kit.root).flatMap { note in
            NoteBlocks.compilerBlocks(in: (try? String(contentsOf: note, encoding: .utf8)) ?? "").flatMap(\.lines)
        }.joined(separator: "\n")
    }

    @Test func aLogOfEveryDiagnosticTheKitProducesIsRoutedCompletely() {
        let routing = Kit.route(Self.kitLog())
        print("kit log: \(routing.routedCount) of \(routing.routedCount + routing.unknown.count) diagnostics routed, "
            + "\(routing.kinds.count) kinds")
        #expect(routing.routedCount > 30)
        #expect(routing.unknown.isEmpty, "\(routing.unknown.map(\.message))")
    }

    @Test func theStagesCompleteCheckingDiagnosticsAreRouted() throws {
        // What `swift build -Xswiftc -strict-concurrency=complete` printed for stages 0-3 (6.3.1).
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("stages-complete-checking.log")
        let routing = Kit.route(try String(contentsOf: url, encoding: .utf8))
        print("stages under complete checking: \(routing.routedCount) of \(routing.routedCount + routing.unknown.count) routed")
        #expect(routing.routedCount >= 20)
        #expect(routing.unknown.isEmpty, "\(routing.unknown.map(\.message))")
    }
}
