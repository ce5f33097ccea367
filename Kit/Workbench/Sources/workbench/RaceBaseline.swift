import Foundation
import TrackerSpec

/// The TSan reports an exercise's race scenarios give on the kit's solution: data in the
/// exercise's folder (race-baseline.json), the union of several runs that `verify` records.
/// A report a learner's answer gives and the solution never did is the answer's.
struct RaceBaseline: Codable {
    /// Each race row's report signatures.
    var reports: [String: [String]]

    static func path(_ exercise: Exercise) -> String { "\(Exercises.folder)/\(exercise.slug)/race-baseline.json" }

    static func load(_ exercise: Exercise) -> RaceBaseline? {
        guard let data = try? Data(contentsOf: root.appendingPathComponent(path(exercise))) else { return nil }
        return try? JSONDecoder().decode(RaceBaseline.self, from: data)
    }

    func save(_ exercise: Exercise) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try (encoder.encode(self) + Data("\n".utf8)).write(to: root.appendingPathComponent(Self.path(exercise)))
    }

    func contains(_ row: String, _ signature: String) -> Bool { reports[row]?.contains(signature) == true }

    /// A report by what raced, not where: the catalogue properties both accesses name and the
    /// contexts they ran in ("anchor: task, task"); where no catalogue property is named, each
    /// access's kind, function and file. No line numbers (they move with any edit), and not
    /// the access kinds when a property is named: one race shows as write/write in one run and
    /// write/read in the next.
    static func signature(_ report: TSanReport, _ finding: RaceFinding) -> String {
        if !finding.properties.isEmpty {
            return finding.properties.sorted().joined(separator: ", ") + ": "
                + report.accesses.prefix(2).map { "\(AccessContext.of($0))" }.sorted().joined(separator: ", ")
        }
        return report.accesses.map { access in
            let frame = access.racingFrame
            return "\(access.kind) \(frame?.function ?? "?") \(frame?.file.map { ($0 as NSString).lastPathComponent } ?? "?")"
        }.sorted().joined(separator: " | ")
    }
}
