import ExplainKit
import Foundation
import Testing
@testable import TryKit

/// `--tsan` on the field lesson's probe, whose relaxed atomic makes TSan report on every run
/// (Steps/TSAN.md): the report is read back with both accesses on the probe's own lines.
@Test func tsanSummarisesTheFieldProbesRaceOnItsOwnLines() throws {
    let file = TryKitRoot.root.appendingPathComponent("Steps/probes/field-tsan.swift")
    let source = try TrySource(name: "field-tsan.swift", text: String(contentsOf: file, encoding: .utf8))
    let swift5 = try #require(TryKitRoot.columns.first { $0.id == "swift5" })
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("try-tsan-\(getpid())")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let builder = TryBuilder(root: TryKitRoot.root, tsan: true, whereMarks: false, scratch: scratch)
    let outcome = try #require(try builder.outcomes(of: source, in: [swift5], matcher: TryKitRoot.matcher).first)
    let run = try #require(outcome.run)
    #expect(run.ending == "exit 66 (TSan)")
    let report = try #require(run.reports.first)
    #expect(report.isRace)
    let summary = TryTSan(source: source).summary(of: report).joined(separator: "\n")
    #expect(summary.contains("line 15:  order.shots = 2") && summary.contains("line 20:  print(\"shots: \\(order.shots)\")"))
    // The program's own line stays; TSan's report text does not.
    #expect(run.output.contains("shots: 2") && !run.output.contains { $0.contains("WARNING: ThreadSanitizer") })
    // Each column runs several times: the side-by-side row counts runs with a report, out of
    // runs made (this probe reports on every run), never one run's reports per mode.
    #expect(run.tsanRuns == TryBuilder.tsanRuns && run.runsWithReports == TryBuilder.tsanRuns)
    let text = TryReport(source: source).render([outcome], matcher: TryKitRoot.matcher)
    #expect(text.contains("TSan: runs with a report") && text.contains("\(TryBuilder.tsanRuns)/\(TryBuilder.tsanRuns)"))
    #expect(!text.contains("TSan reports "))
}
