import ExplainKit
import Foundation
import MatrixKit
import Testing
@testable import TryKit

/// Every probe of the field lessons (Steps/probes/field-*.swift) through `Scripts/try`:
/// built in the four columns, run where it built. About 2 min on the 2-core machine, a
/// third of it field-thread-explosion's own run, three times.
enum TryKitRoot {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let matcher = Matcher(try! Table.load(from: root.appendingPathComponent("Kit/Explain/table.json")))
    static let columns = try! TryColumn.taught(by: PackageManifest.load(packageAt: root))

    static var fieldProbes: [String] {
        let folder = root.appendingPathComponent("Steps/probes")
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasPrefix("field-") && $0.hasSuffix(".swift") }.sorted()
    }

    /// Whether a step note records the probe's output as "exit: does not compile": a probe
    /// that shows what the compiler refuses (check-notes holds that record to the truth).
    static func isRefused(_ probe: String) -> Bool {
        let name = probe.replacingOccurrences(of: ".swift", with: "")
        let steps = root.appendingPathComponent("Steps")
        let notes = FileManager.default.enumerator(atPath: steps.path)?
            .compactMap { $0 as? String }.filter { $0.hasSuffix(".md") } ?? []
        return notes.contains { note in
            guard let text = try? String(contentsOf: steps.appendingPathComponent(note), encoding: .utf8),
                  let start = text.range(of: "```text output=\(name)\n") else { return false }
            let block = text[start.upperBound...]
            let end = block.range(of: "```")?.lowerBound ?? block.endIndex
            return block[..<end].contains("exit: does not compile")
        }
    }
}

@Test func theColumnsAreTheStagesSettings() {
    let flags = TryKitRoot.columns.map { $0.flags.joined(separator: " ") }
    #expect(flags == [
        "-swift-version 5", "-swift-version 5 -strict-concurrency=complete", "-swift-version 6",
        "-swift-version 6 -default-isolation MainActor -enable-upcoming-feature NonisolatedNonsendingByDefault "
            + "-enable-upcoming-feature InferIsolatedConformances",
    ])
}

// Not serialized: each probe builds in a scratch folder of its own, and a build of one
// column uses one core, so two probes at once use the 2-core machine's both.
@Test(arguments: TryKitRoot.fieldProbes)
func everyFieldProbeBuildsInItsOwnModeAndRunsThere(probe: String) throws {
    let file = TryKitRoot.root.appendingPathComponent("Steps/probes/\(probe)")
    let text = try String(contentsOf: file, encoding: .utf8)
    let source = try TrySource(name: probe, text: text, folder: file.deletingLastPathComponent())
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("try-tests-\(getpid())-\(probe)")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let builder = TryBuilder(root: TryKitRoot.root, tsan: false, whereMarks: false, scratch: scratch)
    let outcomes = try builder.outcomes(of: source, in: TryKitRoot.columns, matcher: TryKitRoot.matcher)
    #expect(outcomes.count == 4)
    // A column that did not build says why: at least one diagnostic, routed or listed.
    for outcome in outcomes where !outcome.built {
        #expect(!outcome.entries.isEmpty, "\(outcome.column.id) failed without a diagnostic:\n\(outcome.buildLog)")
    }
    // The mode the probe is written for (its "// probe:" line) builds, and the program ran
    // there; unless its recorded output in the notes says it does not compile.
    let header = text.split(separator: "\n").first.map(String.init) ?? ""
    let own = header.contains("-default-isolation MainActor") ? "approachable"
        : header.contains("-swift-version 6") ? "swift6" : "swift5"
    let outcome = try #require(outcomes.first { $0.column.id == own })
    if TryKitRoot.isRefused(probe) {
        #expect(!outcome.built, "\(probe) is recorded as refused but builds in its own mode")
    } else {
        #expect(outcome.built, "\(probe) does not build in its own mode:\n\(outcome.buildLog)")
        #expect(outcome.run != nil)
    }
    let report = TryReport(source: source).render(outcomes, matcher: TryKitRoot.matcher)
    let long = report.split(separator: "\n").filter { $0.count > TryReport.width }
    #expect(long.isEmpty, "lines over \(TryReport.width) columns: \(long)")
}
