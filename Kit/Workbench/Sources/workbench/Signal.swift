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
    /// This behaviour check passes (an exercise about a behaviour the step must keep).
    case behaviour(String)
    /// The behaviour checks run to their end: no runtime check (an isolation check that
    /// Swift inserted, an assertion) stops the test process on the way.
    case noTrap
    /// This check of the workbench's own passes (Kit/Workbench/Grading/ExerciseChecks.swift):
    /// a behaviour the step must keep that no shared check exercises.
    case check(String)
    /// No match for this regular expression in the exercise's sources (`what` says what it
    /// is): a declaration the task deletes, an escape hatch the task rules out.
    case absent(pattern: String, what: String)
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

    var description: String {
        switch self {
        case .row(let id): "the suite no longer sees `\(id)` (\(Catalogue.defect(id).summary))"
        case .race(let id): "the race scenario of `\(id)` runs clean under ThreadSanitizer"
        case .diagnostic(let text): "no diagnostic \"\(text)\" under complete checking"
        case .builds: "it builds"
        case .behaviour(let name): "the behaviour check \"\(name)\" passes"
        case .noTrap: "no runtime check stops the app during the behaviour checks"
        case .check(let name): "the workbench's check \"\(name)\" passes"
        case .absent(_, let what): what
        case .untouched(let folder): "`Sources/\(folder)` is left as the start made it"
        case .testPasses: "your test passes on the app as it is"
        case .testCatchesMutant: "your test fails on every copy of the app with a defect planted"
        case .launchGlobalQuiet: "the global the launch sets draws no diagnostic where it is declared or used"
        case .launchGlobalIsolated: "the compiler catches a later read of the launch's global off the main thread"
        }
    }
}

/// The language settings of an exercise's target: those of the stage it becomes.
enum Mode: String, Sendable {
    case swift5 = "the Swift 5 language mode"
    case swift6 = "the Swift 6 language mode"
    case approachable = "the Swift 6 mode with stage 6's approachable-concurrency settings"

    var settings: String {
        switch self {
        case .swift5: ".swiftLanguageMode(.v5)"
        case .swift6: ".swiftLanguageMode(.v6)"
        case .approachable:
            """
            .swiftLanguageMode(.v6), .defaultIsolation(MainActor.self),
                        .enableUpcomingFeature("NonisolatedNonsendingByDefault"), .enableUpcomingFeature("InferIsolatedConformances")
            """
        }
    }

    /// The same settings as `swiftc` flags, for a type check outside the package build.
    var swiftcFlags: [String] {
        switch self {
        case .swift5: ["-swift-version", "5"]
        case .swift6: ["-swift-version", "6"]
        case .approachable:
            ["-swift-version", "6", "-default-isolation", "MainActor",
             "-enable-upcoming-feature", "NonisolatedNonsendingByDefault", "-enable-upcoming-feature", "InferIsolatedConformances"]
        }
    }
}
