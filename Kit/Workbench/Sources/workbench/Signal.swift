import Foundation
import TrackerSpec

/// What grades an exercise, besides "every behaviour check still passes", which every
/// exercise requires.
enum Signal: Sendable, CustomStringConvertible {
    /// The shared suite's defect check for this catalogue row no longer sees the defect.
    case row(String)
    /// The race scenario of this catalogue row runs under ThreadSanitizer with no report
    /// that the catalogue attributes to the row.
    case race(String)
    /// No compiler diagnostic whose message contains this text, in the exercise's files,
    /// under complete checking.
    case diagnostic(String)
    /// The exercise builds, in its language mode, without an error.
    case builds
    /// The build shows no warning in the exercise's files (a task that says "with no warning":
    /// a warning the compiler gives for a main-actor call off main is a race it lets through).
    case noWarnings
    /// This behaviour check passes, by its `Check.id` (an exercise about a behaviour the step must keep).
    case behaviour(String)
    /// The behaviour checks run to their end: no runtime check (an isolation check that
    /// Swift inserted, an assertion) stops the test process on the way.
    case noTrap
    /// This check of the workbench's own passes (Kit/Workbench/Grading/ExerciseChecks.swift):
    /// a behaviour the step must keep that no shared check exercises.
    case check(ExerciseCheckID)
    /// No match for this regular expression in the exercise's sources (`what` says what it
    /// is): a declaration the task deletes, an escape hatch the task rules out.
    case absent(id: String, pattern: String, what: String)
    /// No file edited under this folder of Exercise/Sources (a framework the task must leave
    /// as the start made it).
    case untouched(folder: String)
    /// The learner's test passes on the stage as it is (an exercise where the learner
    /// writes a test: one that fails on a working app proves nothing about a defect).
    case testPasses
    /// The learner's test fails on a copy of the stage with the exercise's defect planted
    /// (its mutant.patch): the test can tell a broken app from a working one.
    case testCatchesMutant
    /// The global through which the complication controller finds the running model (the
    /// static the launch sets, whatever its name and home) draws no diagnostic where it is
    /// declared and where the app uses it, on main: no "shared mutable state", no deprecation.
    case launchGlobalQuiet
    /// A later read of that same global off the main thread, type-checked beside the answer,
    /// draws the compiler's isolation diagnostic: the compiler, not a promise, guards it.
    case launchGlobalIsolated
    /// A field exercise's measured property (FieldPropertyIDs.swift), judged by the
    /// exercise's probe from what the learner's code did under the harness.
    case field(FieldPropertyID)

    var description: String {
        switch self {
        case .row(let id): "the suite no longer sees `\(id)` (\(Catalogue.defect(id).summary))"
        case .race(let id): "the race scenario of `\(id)` runs clean under ThreadSanitizer"
        case .diagnostic(let text): "no diagnostic \"\(text)\" under complete checking"
        case .builds: "it builds"
        case .noWarnings: "it builds with no warning"
        case .behaviour(let id): "the behaviour check \"\(Check.behaviour.first { $0.id == id }?.name ?? id)\" passes"
        case .noTrap: "no runtime check stops the app during the behaviour checks"
        case .check(let check): "the workbench's check \"\(check.name)\" passes"
        case .absent(_, _, let what): what
        case .untouched(let folder): "`Sources/\(folder)` is left as the start made it"
        case .testPasses: "your test passes on the app as it is"
        case .testCatchesMutant: "your test fails on every copy of the app with a defect planted"
        case .launchGlobalQuiet: "the global the launch sets draws no diagnostic where it is declared or used"
        case .launchGlobalIsolated: "the compiler catches a later read of the launch's global off the main thread"
        case .field(let property): property.name
        }
    }
}


extension Signal: Codable {
    /// What the signal's line of a grade judges.
    var subject: Subject {
        switch self {
        case .row(let id): Subject(.row, id)
        case .race(let id): Subject(.race, id)
        case .diagnostic(let text): Subject(.diagnostic, text)
        case .builds: Subject(.build)
        case .noWarnings: Subject(.noWarnings)
        case .behaviour(let id): Subject(.behaviour, id)
        case .noTrap: Subject(.noTrap)
        case .check(let check): Subject(.check, check.rawValue)
        case .absent(let id, _, _): Subject(.absent, id)
        case .untouched(let folder): Subject(.untouched, folder)
        case .testPasses: Subject(.testPasses)
        case .testCatchesMutant: Subject(.testCatchesMutant)
        case .launchGlobalQuiet: Subject(.launchGlobalQuiet)
        case .launchGlobalIsolated: Subject(.launchGlobalIsolated)
        case .field(let property): Subject(.field, property.rawValue)
        }
    }

    private enum Key: String, CodingKey { case subject, pattern, what }

    /// `{"subject": "row:ID"}`; an absent pattern adds "pattern" and "what".
    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        let text = try container.decode(String.self, forKey: .subject)
        func bad(_ why: String) -> DecodingError {
            .dataCorruptedError(forKey: .subject, in: container, debugDescription: "\"\(text)\": \(why)")
        }
        guard let subject = Subject(parsing: text) else { throw bad("no such kind of signal") }
        let id = subject.id
        switch subject.kind {
        case .row, .race:
            guard Catalogue.defects.contains(where: { $0.id == id }) else { throw bad("no catalogue row \(id)") }
            self = subject.kind == .row ? .row(id) : .race(id)
        case .diagnostic: self = .diagnostic(id)
        case .build: self = .builds
        case .noWarnings: self = .noWarnings
        case .behaviour:
            guard Check.behaviour.contains(where: { $0.id == id }) else { throw bad("no behaviour check \(id)") }
            self = .behaviour(id)
        case .noTrap: self = .noTrap
        case .check:
            guard let check = ExerciseCheckID(rawValue: id) else { throw bad("no workbench check \(id)") }
            self = .check(check)
        case .absent:
            self = .absent(id: id, pattern: try container.decode(String.self, forKey: .pattern),
                           what: try container.decode(String.self, forKey: .what))
        case .untouched: self = .untouched(folder: id)
        case .testPasses: self = .testPasses
        case .testCatchesMutant: self = .testCatchesMutant
        case .launchGlobalQuiet: self = .launchGlobalQuiet
        case .launchGlobalIsolated: self = .launchGlobalIsolated
        case .field:
            guard let property = FieldPropertyID(rawValue: id) else { throw bad("no field property \(id)") }
            self = .field(property)
        case .invariant, .package, .hatch: throw bad("not a signal an exercise can name")
        }
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(subject.description, forKey: .subject)
        if case .absent(_, let pattern, let what) = self {
            try container.encode(pattern, forKey: .pattern)
            try container.encode(what, forKey: .what)
        }
    }
}
