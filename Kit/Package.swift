// swift-tools-version:6.2
import Foundation
import PackageDescription

// The kit's own machinery: the tools that measure and check the app package in the folder
// above (the race matrix, the notes checker, the TSan summaries, the workbench) and their
// tests. A package of its own, so that a learner's `swift test` at the root runs the
// stages and the simulators only; `swift test --package-path Kit` runs these tests.
// The tools run from the root (the Scripts cd there) and build the root package there.

// A path dependency's identity is the last component of its path. Reached as `..`, the app
// package would be named after the clone's folder, and a clone called `kit` would clash
// with this package (named after Kit/). So it is reached through Kit/CoffeeTrackerKit, a
// link to `..` that SwiftPM does not resolve: one name, whatever the clone is called.
let app = "CoffeeTrackerKit"
func fromApp(_ name: String) -> Target.Dependency { .product(name: name, package: app) }

let package = Package(
    name: "CoffeeTrackerTools",
    platforms: [.macOS(.v15)],
    dependencies: [.package(path: app)],
    targets: [
        // Scripts/race-matrix: the pure logic (TSan reports, diagnostics, cells, Markdown)
        // and the executable that builds, runs the stages and compares with the catalogue.
        .target(name: "MatrixKit", dependencies: [fromApp("TrackerSpec")], swiftSettings: [.swiftLanguageMode(.v6)]),
        .executableTarget(
            name: "race-matrix", dependencies: ["MatrixKit", fromApp("TrackerSpec")], swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "KitTests", dependencies: ["MatrixKit", fromApp("TrackerSpec")], resources: [.copy("Fixtures")],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // Scripts/check-notes: the step-notes checker (see Kit/NOTES-FORMAT.md).
        .target(name: "NotesKit", dependencies: [fromApp("TrackerSpec"), "MatrixKit"]),
        .executableTarget(name: "check-notes", dependencies: ["NotesKit"]),
        .testTarget(name: "NotesTests", dependencies: ["NotesKit"]),
        // Scripts/tsan: one stage's race scenarios under TSan, each report summarised.
        .executableTarget(
            name: "tsan-report", dependencies: ["MatrixKit", fromApp("TrackerSpec")], swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // Scripts/explain: routes a developer's diagnostic, build log or crash log to the kit's
        // evidence. The table is data (Kit/Explain/table.json); the logic has no dependency.
        .target(name: "ExplainKit", swiftSettings: [.swiftLanguageMode(.v6)]),
        .executableTarget(name: "explain", dependencies: ["ExplainKit"], swiftSettings: [.swiftLanguageMode(.v6)]),
        // The tests read their fixtures by path (the corpus of real lines, a stages' log).
        .testTarget(
            name: "ExplainTests", dependencies: ["ExplainKit"],
            exclude: ["real-world-diagnostics.tsv", "held-out-diagnostics.tsv", "held-out-round3.tsv", "held-out-round3-development.tsv",
                      "stages-complete-checking.log", "round7-inputs"], swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // Scripts/try: a snippet in the four settings the kit teaches, routed and run.
        .target(name: "TryKit", dependencies: ["ExplainKit", "MatrixKit"], swiftSettings: [.swiftLanguageMode(.v6)]),
        .executableTarget(name: "try-snippet", dependencies: ["TryKit"], swiftSettings: [.swiftLanguageMode(.v6)]),
        .testTarget(name: "TryTests", dependencies: ["TryKit", "ExplainKit"], swiftSettings: [.swiftLanguageMode(.v6)]),
        // Package.swift written and read (dump-package): no dependency, for the workbench,
        // `try` and `explain --package`.
        .target(name: "Manifest", swiftSettings: [.swiftLanguageMode(.v6)]),
        // Scripts/workbench: graded exercises. An exercise is its own package in Exercise/
        // (ignored by git) that depends on the app package's library products, so a
        // half-done exercise never breaks the app package.
        .executableTarget(
            name: "workbench", dependencies: ["Manifest", "MatrixKit", fromApp("TrackerSpec")], path: "Workbench",
            // The report type and the workbench checks' ids are shared with the grading tests,
            // which the tool copies into each exercise's package.
            exclude: ["Exercises", "Tests", "FieldTests", "Grading/Grading.swift", "Grading/ExerciseChecks.swift", "Grading/ExerciseChecksHeld.swift",
                      "Grading/Field"],
            sources: ["Sources/workbench", "Grading/GradeReport.swift", "Grading/ExerciseCheckIDs.swift", "Grading/FieldPropertyIDs.swift"],
            // A command-line tool with top-level state, single-threaded: the Swift 5 mode.
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        // The field exercises' harness (copied into each field exercise's tests), tested on
        // its own: the manual clock, the gate, and a hang reported as one.
        .testTarget(
            name: "FieldHarnessTests", path: "Workbench",
            exclude: ["Exercises", "Tests", "Sources", "Grading/Grading.swift", "Grading/ExerciseChecks.swift", "Grading/ExerciseChecksHeld.swift",
                      "Grading/GradeReport.swift", "Grading/ExerciseCheckIDs.swift", "Grading/FieldPropertyIDs.swift",
                      "Grading/Field/FieldGrading.swift"],
            sources: ["Grading/Field", "FieldTests"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)
