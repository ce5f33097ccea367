import ExplainKit
import Foundation
import Testing
@testable import TryKit

/// `--where` measured for real on Kit/Explain/try/where-lines.swift, in the Swift 6 column:
/// builds the recorder's package (about 40 s cold, its scratch kept in .build-try-tests).
@Test func whereNamesTheActorTheMainActorAndTheGlobalExecutor() throws {
    let file = TryKitRoot.root.appendingPathComponent("Kit/Explain/try/where-lines.swift")
    let source = try TrySource(name: "where-lines.swift", text: String(contentsOf: file, encoding: .utf8))
    let swift6 = try #require(TryKitRoot.columns.first { $0.id == "swift6" })
    let builder = TryBuilder(root: TryKitRoot.root, tsan: false, whereMarks: true,
                             scratch: TryKitRoot.root.appendingPathComponent(".build-try-tests"))
    let outcome = try #require(try builder.outcomes(of: source, in: [swift6], matcher: TryKitRoot.matcher).first)
    let run = try #require(outcome.run, "\(outcome.notRun ?? "")")
    #expect(run.ending == "exit 0")
    let executors = Dictionary(run.places.map { ($0.line, $0.executor) }, uniquingKeysWith: { first, _ in first })
    #expect(executors == [6: "actor Counter", 11: "the main actor", 15: "the global executor (a task)"])
    #expect(run.places.first { $0.line == 11 }?.onMainQueue == true)
    #expect(run.output == ["count 1", "work 42"])
}
