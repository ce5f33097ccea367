// Copied by Scripts/workbench into the exercise's tests before every check: not yours to edit.
//
// The one report type of the workbench: the grading tests write it from inside the
// exercise's test process, one JSON object a line, and the workbench reads it, grades with
// it and prints it (`check --json`). The same file is compiled into the workbench tool
// (Kit/Package.swift), so both sides share the type, not a format kept in step by hand.
import Foundation

/// What a finding judges: a kind and an id, written "kind:id" ("row:duplicate-import",
/// "behaviour:adding-a-drink", "race:race-query-anchor"), or the kind alone for the lines
/// that stand for a whole ("behaviour": every behaviour check; "build").
struct Subject: Hashable, Codable, Sendable, CustomStringConvertible {
    enum Kind: String, Codable, Sendable, CaseIterable {
        /// A check of the shared suite that every stage keeps (its `Check.id`), or all of them.
        case behaviour
        /// A catalogue row's defect check (the row's id).
        case row
        /// A catalogue row's race scenario under ThreadSanitizer (the row's id).
        case race
        /// A check of the workbench's own (Kit/Workbench/Grading/ExerciseChecks.swift).
        case check
        /// An invariant of the schedule explorer, checked over explored days (its id).
        case invariant
        /// No runtime check stops the test process.
        case noTrap = "no-trap"
        case build, diagnostic, absent, untouched, package
        /// The build shows no warning in the exercise's files.
        case noWarnings = "no-warnings"
        /// An escape hatch the learner added (the workbench reads the parse tree).
        case hatch
        case testPasses = "test-passes"
        case testCatchesMutant = "test-catches-mutant"
        case launchGlobalQuiet = "launch-global-quiet"
        case launchGlobalIsolated = "launch-global-isolated"
        /// A measured property of a field exercise's code (FieldPropertyIDs.swift): what ran,
        /// how many at once, in what order, what was lost.
        case field
    }

    var kind: Kind
    var id: String = ""

    var description: String { id.isEmpty ? kind.rawValue : "\(kind.rawValue):\(id)" }

    init(_ kind: Kind, _ id: String = "") {
        self.kind = kind
        self.id = id
    }

    /// "kind:id" or "kind"; nil when the kind is not one of ours.
    init?(parsing text: String) {
        let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
        guard let first = parts.first, let kind = Kind(rawValue: first) else { return nil }
        self.init(kind, parts.count > 1 ? parts[1] : "")
    }

    init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let parsed = Subject(parsing: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "no subject \"\(text)\""))
        }
        self = parsed
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// One finding: what was judged, the verdict, and what was seen.
struct Finding: Codable, Sendable {
    enum Verdict: String, Codable, Sendable {
        case pass, fail
        /// Not judged for the reason asked: the process stopped in it, or it failed for another reason.
        case error
        /// Not run (verify grades a wrong answer on its own line only; the build failed).
        case notMeasured = "not-measured"

        /// Fails the grade on this line, judged or not.
        var fails: Bool { self == .fail || self == .error }
    }

    var subject: Subject
    var verdict: Verdict
    /// For people: the line's title (a check's name, a signal's words).
    var title: String = ""
    var details: [String] = []
    /// The failing parts of a whole (for "behaviour": the ids of the checks that failed).
    var failing: [String] = []
    /// An invariant broken in an explored schedule: the seed that replays it and its event order.
    var seed: UInt64? = nil
    var order: [String]? = nil

    init(_ subject: Subject, _ verdict: Verdict, title: String = "", details: [String] = [], failing: [String] = []) {
        self.subject = subject
        self.verdict = verdict
        self.title = title
        self.details = details
        self.failing = failing
    }

    /// One JSON line.
    var jsonLine: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return ((try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}") + "\n"
    }

    /// Appends this finding to the file WORKBENCH_RESULTS names (in the grading tests), and
    /// closes it at once: a check that crashes the process keeps the lines before it.
    func record() {
        guard let path = ProcessInfo.processInfo.environment["WORKBENCH_RESULTS"], let file = fopen(path, "a") else { return }
        fputs(jsonLine, file)
        fclose(file)
    }

    /// The findings of a JSON-lines text; a line that is not one is reported as an error finding.
    static func lines(of text: String) -> [Finding] {
        let decoder = JSONDecoder()
        return text.split(separator: "\n").map { line in
            (try? decoder.decode(Finding.self, from: Data(line.utf8)))
                ?? Finding(Subject(.package), .error, title: "an unreadable line of the grading tests' report", details: [String(line)])
        }
    }
}
