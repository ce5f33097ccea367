import Foundation
import MatrixKit
import TrackerSpec

// The race scenarios' verdict: TSan's reports attributed to the catalogue's rows, and each
// racing access shown where the learner finds it.
extension Grader {
    /// A race scenario's line: no report on the row's properties, from any threads.
    func raceFinding(_ id: String, _ run: GradingRun, _ outcome: TestOutcome, title: String) -> Finding {
        let subject = Subject(.race, id)
        let ran = outcome.findings.filter { $0.subject == subject }
        guard !ran.isEmpty, ran.allSatisfy({ $0.verdict == .pass }) else {
            let error = ran.first { $0.verdict != .pass }?.details.first
            return Finding(
                subject, .error, title: title,
                details: ["the scenario did not finish:"] + (error.map { [$0] } ?? outcome.raceRuns[id].map(outcome.stopped) ?? ["?"]))
        }
        let attributor = RaceAttributor(catalogue: Catalogue.defects)
        let sources = PackageSourceLines(root: workspace.exercise)
        // The exercise's copy keeps its stage folder's name: its frames are that stage's.
        let stage = Stage.all.first { $0.target == run.exercise.folder } ?? Stage.all[run.exercise.stage]
        let attributed = (outcome.raceReports[id] ?? []).map { ($0, attributor.attribute($0, stage: stage, sources: sources)) }
        // The row's race, and any other race on its properties: an answer can move the
        // race to threads the row does not name (the store's queue against a pool thread),
        // and the scenario then still does not run clean.
        let properties = Set(Self.propertyList(of: id))
        let mine = attributed.filter { $0.1.rows.contains(id) || !$0.1.properties.isDisjoint(with: properties) }
        if mine.isEmpty {
            var details = ["no report on \(Self.properties(of: id))"]
            let others = attributed.map(\.1).filter { $0.kind != "data race" || !$0.properties.isEmpty }
            if !others.isEmpty { details.append("other reports (not graded): " + others.map(\.description).joined(separator: " | ")) }
            return Finding(subject, .pass, title: title, details: details)
        }
        return Finding(
            subject, .fail, title: title,
            details: mine.prefix(3).map { report, finding in
                // Threads named only where the catalogue places them: TSan's stack of
                // a pool thread can end in libdispatch and read like a queue's.
                "a data race on \(finding.properties.sorted().joined(separator: ", "))"
                    + (finding.rows.contains(id) ? ", between " + finding.contexts.map(Self.words).joined(separator: " and ") : "")
                    + ":\n" + Self.accessLines(report, sources: sources).joined(separator: "\n")
            } + ["the full reports: Scripts/workbench check --raw"])
    }

    /// Each racing access as the learner finds it: "write  Exercise/Sources/…/File.swift:97:  anchor = newAnchor".
    /// A property's getter or setter has no line of its own: the access is on its caller's line.
    static func accessLines(_ report: TSanReport, sources: some SourceLineReading) -> [String] {
        report.accesses.prefix(2).map { access in
            guard let racing = access.frames.firstIndex(where: { !$0.isRuntime }) else { return "  \(access.kind)  (no stack)" }
            let frame = access.frames[racing...].first { $0.packageSourcePath != nil && $0.line != nil } ?? access.frames[racing]
            guard let path = frame.packageSourcePath, let number = frame.line else {
                return "  \(access.kind)  \(frame.racingLocation)"
            }
            // The exercise's files are under Exercise/; the simulators' and checks' are the kit's.
            let shown = (frame.file ?? "").contains("/Exercise/Sources/") ? "Exercise/\(path)" : path
            let code = sources.line(number, of: path).map { ":  " + $0.trimmingCharacters(in: .whitespaces) } ?? ""
            return "  \(access.kind)  \(shown):\(number)\(code)"
        }
    }

    static func words(_ context: AccessContext) -> String {
        switch context {
        case .main: "the main thread"
        case .task: "a task on the cooperative pool"
        case .queue: "a dispatch queue"
        case .thread: "a thread TSan could not place"
        }
    }

    static func properties(of row: String) -> String {
        propertyList(of: row).joined(separator: " or ")
    }

    static func propertyList(of row: String) -> [String] {
        if case .threadSanitizer(let properties, _, _) = Catalogue.defect(row).detector { return properties }
        return []
    }
}
