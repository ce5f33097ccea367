import Foundation
import TrackerSpec

/// The explored days a grade plays, by seed: the same for every answer and for the kit's
/// solution, so that a verdict names a day anyone can play again (`check --seed S`).
struct ExploredSeeds: Equatable {
    var first: UInt64 = 1
    /// Each of the explorer's six shapes of day twice (`DayAction.plan`: seed % 6).
    var count: UInt64 = 12

    /// For the grading tests' WORKBENCH_SEEDS.
    var text: String { "\(first):\(count)" }
    /// The days of one seed: a replay.
    static func replay(_ seed: UInt64) -> ExploredSeeds { ExploredSeeds(first: seed, count: 1) }
    /// Whether `seed` is one of these days.
    func contains(_ seed: UInt64) -> Bool { seed >= first && seed - first < count }
    /// "1-12", as a learner reads it.
    var range: String { "\(first)-\(first + count - 1)" }
}

/// The invariants the kit's solution of an exercise breaks over the grade's explored days:
/// data in the exercise's folder (invariant-baseline.json), recorded by `verify` when it runs
/// the solution. An answer fails on an invariant it breaks that the solution does not.
/// Measured rather than derived from InvariantTable and the rows the solved stage keeps: the
/// table lists every invariant a row *may* break and the catalogue describes the stages,
/// not an exercise's start (start.patch puts rows back), so the derived set is never smaller
/// and, on stages 0-3, would excuse `imported-once` for any answer there.
struct InvariantBaseline: Codable {
    var seeds: String
    var breaks: [String]
    /// What the solution broke on each day, by seed: the ids and their witnesses ("ID|WITNESS");
    /// an answer is judged day by day against it (Grading.swift's DayBaseline). Absent in a
    /// record made before it: then `breaks` is excused on every day.
    var days: [String: [String]]? = nil

    static func path(_ exercise: Exercise) -> String { "\(Exercises.folder)/\(exercise.slug)/invariant-baseline.json" }

    /// The recorded set; until `verify` recorded one for these seeds, the derived set: what
    /// the rows of the exercise's stage other than its signals' may break (a superset, so
    /// that no learner fails on what the solution breaks too).
    static func breaks(_ exercise: Exercise, seeds: ExploredSeeds) -> Set<String> {
        // A replay plays one of the recorded days: the solution breaks no more on it.
        let recorded = recorded(exercise, seeds: seeds.count == 1 ? ExploredSeeds() : seeds)
        return recorded.map(Set.init) ?? derived(exercise)
    }

    /// The committed record for `seeds`, if there is one.
    static func recorded(_ exercise: Exercise, seeds: ExploredSeeds) -> [String]? {
        load(exercise, seeds: seeds)?.breaks
    }

    /// The committed days of `seeds`, as WORKBENCH_SOLUTION_DAYS: a replay's one day is
    /// taken from the grade's record, so that it is judged as in the grade.
    static func days(_ exercise: Exercise, seeds: ExploredSeeds) -> String? {
        guard let days = load(exercise, seeds: seeds.count == 1 ? ExploredSeeds() : seeds)?.days else { return nil }
        let wanted = (seeds.first..<seeds.first + seeds.count).map { "\($0)" }
        let data = try? JSONEncoder().encode(days.filter { wanted.contains($0.key) })
        return data.map { String(decoding: $0, as: UTF8.self) }
    }

    private static func load(_ exercise: Exercise, seeds: ExploredSeeds) -> InvariantBaseline? {
        guard let data = try? Data(contentsOf: root.appendingPathComponent(path(exercise))),
              let baseline = try? JSONDecoder().decode(InvariantBaseline.self, from: data),
              baseline.seeds == seeds.text else { return nil }
        return baseline
    }

    static func derived(_ exercise: Exercise) -> Set<String> {
        let signalRows = Set(exercise.signals.compactMap { if case .row(let id) = $0 { id } else { nil } })
        return Set(InvariantTable.explorableRows(in: exercise.stage).filter { !signalRows.contains($0.id) }
            .flatMap { InvariantTable.invariants(showing: $0.id) }.map(\.rawValue))
    }

    func save(_ exercise: Exercise) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try (encoder.encode(self) + Data("\n".utf8)).write(to: root.appendingPathComponent(Self.path(exercise)))
    }
}
