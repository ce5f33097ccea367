import Foundation
import TrackerSpec

/// What ThreadSanitizer reported for one stage in one `swift test` run, and the verdict line
/// it makes.
struct StageRaces: Codable, Sendable {
    /// The rows whose race scenarios ran (all of them, or the one `TRACKER_RACE` names).
    var scenarios: Set<String> = []
    var scenariosRan = false
    /// The scenarios' reports: row → how many.
    var rows: [String: Int] = [:]
    /// Reports of a row's race where the catalogue says it moved: row → how many.
    var moved: [String: Int] = [:]
    var scenarioReports = 0
    /// The scenarios' reports of no catalogue race (printed).
    var unknown = 0
    var checked = false
    /// The checks' reports of the stage's catalogue races, not printed: row → how many.
    var repeats: [String: Int] = [:]
    var repeatReports = 0
    /// Those of them TSan printed (a racing access outside the stage's code).
    var printedRepeats = 0
    /// The checks' reports of no catalogue race (printed).
    var checksUnknown = 0

    mutating func scenarioSaw(_ finding: RaceFinding) {
        scenarioReports += 1
        if !finding.rows.isEmpty {
            for row in finding.rows { rows[row, default: 0] += 1 }
        } else if !finding.movedRows.isEmpty {
            for row in finding.movedRows { moved[row, default: 0] += 1 }
        } else {
            unknown += 1
        }
    }

    /// `rows`: the catalogue races the report is one of (empty: none); `held`: TSan did not
    /// print it.
    mutating func checksSaw(_ rows: [String], held: Bool) {
        guard !rows.isEmpty else { return checksUnknown += 1 }
        repeatReports += 1
        if !held { printedRepeats += 1 }
        for row in rows { repeats[row, default: 0] += 1 }
    }

    mutating func merge(checks: StageRaces) {
        checked = checks.checked
        repeats = checks.repeats
        repeatReports = checks.repeatReports
        printedRepeats = checks.printedRepeats
        checksUnknown = checks.checksUnknown
    }

    /// "ThreadSanitizer on Stage 0 (…): expected a, b; the race scenarios reported a, b (3 reports):
    /// as the catalogue says."
    func verdict(stage number: Int) -> String {
        let stage = Stage.all.first { $0.number == number }.map(\.description) ?? "Stage \(number)"
        let expected = Catalogue.defects.filter { $0.tsanRow != nil && $0.isPresent(in: number) && scenarios.contains($0.id) }
        var parts = ["expected " + Self.list(expected.map(\.id), none: "no race")]
        guard scenariosRan else {
            parts.append("the race scenarios (XCTest) did not run in this command, so no verdict")
            if checked { parts.append(checksPart) }
            return "ThreadSanitizer on \(stage): " + parts.joined(separator: "; ") + "."
        }
        var reported = Self.list(rows.keys.sorted(), none: "none")
        if scenarioReports > 0 { reported += " (\(Self.count(scenarioReports, "report")))" }
        parts.append("the race scenarios reported " + reported)
        if !moved.isEmpty {
            parts.append("saw " + moved.keys.sorted().map { "\($0) where it moved (\(moved[$0]!))" }.joined(separator: ", "))
        }
        if checked, repeatReports > 0 || checksUnknown > 0 { parts.append(checksPart) }

        var wrong: [String] = []
        let missing = expected.filter { rows[$0.id] == nil && !$0.isByChance(in: number) }.map(\.id)
        if !missing.isEmpty { wrong.append("not reported: " + missing.joined(separator: ", ")) }
        let fixed = rows.keys.sorted().filter { !Catalogue.defect($0).isPresent(in: number) }
        if !fixed.isEmpty { wrong.append("reported though fixed here: " + fixed.joined(separator: ", ")) }
        if unknown + checksUnknown > 0 { wrong.append(Self.count(unknown + checksUnknown, "report") + " of no catalogue race, printed above") }
        let judgement = wrong.isEmpty ? "as the catalogue says" : "NOT as the catalogue says (" + wrong.joined(separator: "; ") + ")"
        return "ThreadSanitizer on \(stage): " + parts.joined(separator: "; ") + ": " + judgement + "."
    }

    private var checksPart: String {
        var part = "the checks ran into " + Self.list(repeats.keys.sorted(), none: "none of them")
        if repeatReports > 0 {
            // All printed where the runtime does not ask before printing (see `TSanReportSource`).
            let shown = printedRepeats == 0 ? "not printed"
                : printedRepeats == repeatReports ? "printed" : "\(repeatReports - printedRepeats) not printed"
            part += " again (\(Self.count(repeatReports, "report")), \(shown))"
        }
        return part
    }

    private static func list(_ items: [String], none: String) -> String {
        items.isEmpty ? none : items.joined(separator: ", ")
    }

    private static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
}

/// The scenarios' counts, from the XCTest process to the Swift Testing process that
/// `swift test` starts after it: a file a stage beside the test binary, which names the
/// `swift test` process both are children of (so a file left by another run is ignored).
/// A file a stage, not one a process: the native build system runs every test target's
/// XCTest cases in one process, Swift Build one process a test target (each its own
/// `<Target>-test-runner`), and a stage's scenarios and checks are in its own target in both.
enum ScenarioHandOff {
    private struct Content: Codable {
        var parent: Int32
        var races: StageRaces
    }

    private static func url(stage: Int) -> URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("tsan-scenarios-\(stage).json")
    }

    static func write(_ stages: [Int: StageRaces]) {
        for (stage, races) in stages {
            guard let data = try? JSONEncoder().encode(Content(parent: getppid(), races: races)) else { continue }
            try? data.write(to: url(stage: stage), options: .atomic)
        }
    }

    /// The scenarios' counts of this `swift test` run for `stage`, if they ran; the file is removed.
    static func take(stage: Int) -> StageRaces? {
        let url = url(stage: stage)
        defer { try? FileManager.default.removeItem(at: url) }
        guard let data = try? Data(contentsOf: url), let content = try? JSONDecoder().decode(Content.self, from: data),
              content.parent == getppid()
        else { return nil }
        return content.races
    }
}
