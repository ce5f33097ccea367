// swift-tools-version:6.2
import Foundation
import PackageDescription

// Every stage of the Coffee Tracker migration is a target of its own with the same file
// names, so `Scripts/diff-stages 2 3` (or `diff -ru`) shows one migration step.
// The simulated SDKs and the shared model are written in the Swift 6 language mode and
// keep Swift's default isolation (nonisolated), as libraries do; the app stages before
// stage 5 are in the Swift 5 mode, as the original app was.
// Stage 6 takes the defaults of a new Xcode 26 app target: everything on the main actor
// unless it says otherwise, and Swift 6.2's "approachable concurrency" features.
let approachable: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .defaultIsolation(MainActor.self),
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
    .enableUpcomingFeature("InferIsolatedConformances"),
]

let stages: [(name: String, settings: [SwiftSetting])] = [
    ("Stage0_GCD", [.swiftLanguageMode(.v5)]),
    ("Stage1_AsyncAwait", [.swiftLanguageMode(.v5)]),
    ("Stage2_Continuations", [.swiftLanguageMode(.v5)]),
    ("Stage3_MainActor", [.swiftLanguageMode(.v5)]),
    ("Stage4_Actors", [.swiftLanguageMode(.v5)]),
    ("Stage5_Swift6", [.swiftLanguageMode(.v6)]),
    ("Stage6_Approachable", approachable),
]

let package = Package(
    name: "CoffeeTrackerKit",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "tracker", targets: ["tracker"]),
    ],
    targets: [
        .target(name: "SimSupport"),
        .target(name: "HealthKitSim", dependencies: ["SimSupport"]),
        .target(name: "WatchKitSim", dependencies: ["SimSupport", "HealthKitSim"]),
        .target(name: "CoffeeModel"),
        // The app team's own framework, not migrated to Swift concurrency yet (see its doc comment).
        .target(name: "Recaffeinater", swiftSettings: [.swiftLanguageMode(.v5)]),
        .target(
            name: "TrackerSpec",
            dependencies: ["SimSupport", "HealthKitSim", "WatchKitSim", "CoffeeModel"]
        ),
        // The glue between the shared checks and Swift Testing, for the StageN test targets;
        // under --sanitize=thread it counts TSan's reports through the runtime's hooks (C).
        .target(name: "TSanHooks"),
        .target(name: "SpecTesting", dependencies: ["TrackerSpec", "WatchKitSim", "SimSupport", "TSanHooks"]),
        .executableTarget(
            name: "tracker",
            dependencies: ["WatchKitSim", "HealthKitSim", "CoffeeModel", "TrackerSpec"]
                + stages.map { .target(name: $0.name) }
        ),
        .testTarget(name: "SimTests", dependencies: ["SimSupport", "HealthKitSim", "WatchKitSim", "CoffeeModel"]),
        // Scripts/race-matrix (kit machinery, under Kit/): the pure logic (TSan reports,
        // diagnostics, cells, Markdown) and the executable that builds, runs the stages and
        // compares with the catalogue.
        .target(name: "MatrixKit", dependencies: ["TrackerSpec"], path: "Kit/Sources/MatrixKit", swiftSettings: [.swiftLanguageMode(.v6)]),
        .executableTarget(
            name: "race-matrix", dependencies: ["MatrixKit", "TrackerSpec"], path: "Kit/Sources/race-matrix",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "KitTests", dependencies: ["MatrixKit", "TrackerSpec"], path: "Kit/Tests/KitTests", resources: [.copy("Fixtures")],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
        + stages.enumerated().flatMap { number, stage -> [Target] in
            [
                .target(
                    name: stage.name,
                    dependencies: ["HealthKitSim", "WatchKitSim", "CoffeeModel", "Recaffeinater"],
                    swiftSettings: stage.settings
                ),
                .testTarget(
                    name: "Stage\(number)Tests",
                    dependencies: [.target(name: stage.name), "TrackerSpec", "SpecTesting"]
                ),
            ]
        }
)

// The kit's own tools, under Kit/ so that Sources/ holds the app and its SDK: the
// step-notes checker (see Steps/NOTES-FORMAT.md).
package.targets += [
    .target(name: "NotesKit", dependencies: ["TrackerSpec", "MatrixKit"], path: "Kit/Sources/NotesKit"),
    .executableTarget(name: "check-notes", dependencies: ["NotesKit"], path: "Kit/Sources/check-notes"),
    // Scripts/tsan: one stage's race scenarios under TSan, each report summarised.
    .executableTarget(
        name: "tsan-report", dependencies: ["MatrixKit", "TrackerSpec"], path: "Kit/Sources/tsan-report",
        swiftSettings: [.swiftLanguageMode(.v6)]
    ),
    .testTarget(name: "NotesTests", dependencies: ["NotesKit"], path: "Kit/Tests/NotesTests"),
]

// The workbench (Scripts/workbench): graded exercises. Kit machinery, kept apart from the
// stages under Kit/. An exercise is its own package in Exercise/ (ignored by git) that
// depends on these library products, so a half-done exercise never breaks this package.
package.products += ["SimSupport", "HealthKitSim", "WatchKitSim", "CoffeeModel", "Recaffeinater", "TrackerSpec"].map {
    .library(name: $0, targets: [$0])
}
package.targets += [
    .executableTarget(
        name: "workbench", dependencies: ["MatrixKit", "TrackerSpec"], path: "Kit/Workbench/Sources/workbench",
        // A command-line tool with top-level state, single-threaded: the Swift 5 mode.
        swiftSettings: [.swiftLanguageMode(.v5)]
    ),
]
