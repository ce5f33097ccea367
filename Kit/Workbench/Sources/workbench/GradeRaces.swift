import Foundation
import MatrixKit
import TrackerSpec

// The race scenarios' verdict: TSan's reports attributed to the catalogue's rows, and each
// racing access shown where the learner finds it.
extension Grader {
    /// A race scenario's line: no report that the learner's code causes, by any name.
    func raceFinding(_ id: String, _ run: GradingRun, _ outcome: TestOutcome, title: String) -> Finding {
        let subject = Subject(.race, id)
        let ran = outcome.findings.filter { $0.subject == subject }
        guard !ran.isEmpty, ran.allSatisfy({ $0.verdict == .pass }) else {
            let error = ran.first { $0.verdict != .pass }?.details.first
            return Finding(
                subject, .error, title: title,
                details: ["the scenario did not finish:"] + (error.map { [$0] } ?? outcome.raceRuns[id].map(outcome.stopped) ?? ["?"]))
        }
        let reports = (outcome.raceReports[id] ?? []).filter(\.isRace)
        let judge = RaceJudge(row: id, exercise: run.exercise, sources: PackageSourceLines(root: workspace.exercise),
                              changed: workspace.changedLines(run.exercise), baseline: RaceBaseline.load(run.exercise))
        // Every report is judged and shown, whatever the variable is called.
        let judged = reports.map(judge.judge)
        let failing = judged.filter(\.fails).map(\.text)
        let known = judged.filter { !$0.fails }.map(\.text)
        let note = judge.baseline == nil ? ["(no \(RaceBaseline.path(run.exercise)): `verify` records the solution's reports there)"] : []
        if failing.isEmpty {
            return Finding(subject, .pass, title: title, details: (reports.isEmpty ? ["no report"] : []) + known + note)
        }
        return Finding(subject, .fail, title: title,
                       details: failing + known + note + ["the full reports: Scripts/workbench check --raw"])
    }

    /// What the catalogue says of `report`, in the exercise's copy of its stage.
    static func attribute(_ report: TSanReport, _ exercise: Exercise,
                          sources: PackageSourceLines = PackageSourceLines(root: Workspace(root: root).exercise)) -> RaceFinding {
        // The exercise's copy keeps its stage folder's name: its frames are that stage's.
        let stage = Stage.all.first { $0.target == exercise.folder } ?? Stage.all[exercise.stage]
        return RaceAttributor(catalogue: Catalogue.defects).attribute(report, stage: stage, sources: sources)
    }

    /// "File.swift:12" for each access of `report` on a line of the exercise's folder that the learner changed.
    static func changedAccesses(_ report: TSanReport, folder: String, changed: [String: Set<Int>]) -> [String] {
        var found: [String] = []
        for access in report.accesses {
            for frame in access.frames {
                guard let file = frame.file, let line = frame.line, file.contains("/Exercise/Sources/\(folder)/") else { continue }
                let name = (file as NSString).lastPathComponent
                if changed[name]?.contains(line) == true, !found.contains("\(name):\(line)") { found.append("\(name):\(line)") }
            }
        }
        return found
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

/// One race scenario's judge of TSan's reports, whatever the variable is called. A report
/// fails the line when the catalogue places it in the exercise's row. Otherwise it is
/// excused when the kit's solution gives it too (the recorded baseline, or the race the
/// catalogue says the next stage moves to the pool), or when the catalogue places it in
/// another row the stage still has and no access is on a line the learner changed; any other
/// report fails, saying whether it touches a changed line or names the row's properties.
struct RaceJudge {
    let row: String
    let exercise: Exercise
    let sources: PackageSourceLines
    let changed: [String: Set<Int>]
    let baseline: RaceBaseline?

    /// The catalogue row whose race the stage after the exercise's moves (not ends) to two
    /// tasks on the pool, when this report is between two tasks: the kit's solution has that
    /// race too, and TSan shows it only when the tasks land on different threads, so no record
    /// of runs can be sure to hold it. (The catalogue's moved rows all move there: see
    /// `controller-crosses-domains`.) A report with a queue or main on one side is not it.
    func movedBySolution(_ finding: RaceFinding) -> String? {
        let next = min(exercise.stage + 1, Stage.all.count - 1)
        guard finding.contexts.count == 2, finding.contexts.allSatisfy({ $0.catalogueContext == .task }) else { return nil }
        for defect in Catalogue.defects {
            guard case .threadSanitizer(let properties, _, _) = defect.detector,
                  !finding.properties.isDisjoint(with: properties),
                  case .moved(let to) = defect.state(in: next) else { continue }
            return "\(defect.id)`, which stage \(next) moves to `\(to)"
        }
        return nil
    }

    func judge(_ report: TSanReport) -> (fails: Bool, text: String) {
        let finding = Grader.attribute(report, exercise, sources: sources)
        var reasons: [String] = []
        var excuse = "as on the kit's solution (not graded)"
        let touched = Grader.changedAccesses(report, folder: exercise.folder, changed: changed)
        if finding.rows.contains(row) {
            reasons.append("the catalogue places it in `\(row)`")
        } else if baseline?.contains(row, RaceBaseline.signature(report, finding)) == true {
            // The solution's own: not the answer's, even on a line the answer changed.
        } else if let moved = movedBySolution(finding) {
            excuse = "the race of `\(moved)`, as on the kit's solution (not graded)"
        } else if let other = finding.rows.first, touched.isEmpty {
            // Another row of the stage, in code the learner did not touch: the catalogue expects it.
            excuse = "`\(other)`, which stage \(exercise.stage) still has (not graded)"
        } else {
            if !touched.isEmpty { reasons.append("an access on a line you changed (\(touched.joined(separator: ", ")))") }
            if !finding.properties.isDisjoint(with: Grader.propertyList(of: row)) {
                reasons.append("a race on the row's \(Grader.properties(of: row)), between other threads")
            }
            reasons.append(baseline == nil ? "no record of the kit's solution's reports excuses it" : "the kit's solution gives no such report in this scenario")
        }
        let rows = finding.rows.isEmpty ? finding.movedRows.map { "\($0), moved" } : finding.rows
        let properties: String = finding.properties.isEmpty
            ? "memory the catalogue names no property for" : finding.properties.sorted().joined(separator: ", ")
        let placed: String = rows.isEmpty ? "no catalogue row" : "catalogue: " + rows.joined(separator: ", ")
        let what = "a data race on \(properties) (\(placed))"
        let lines = Grader.accessLines(report, sources: sources).joined(separator: "\n")
        return reasons.isEmpty
            ? (false, "\(what), \(excuse):\n\(lines)")
            : (true, "\(what): \(reasons.joined(separator: "; ")):\n\(lines)")
    }
}
