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
        // What the process has left to do: jobs counted through the runtime's enqueue hooks,
        // and on Darwin which threads are ready to run (C: see its header).
        .target(name: "SimWork"),
        .target(name: "SimSupport"),
        // Which executor the calling code runs on, for the timeline (C: see its header).
        .target(name: "SimExecutor"),
        .target(name: "HealthKitSim", dependencies: ["SimSupport"]),
        .target(name: "WatchKitSim", dependencies: ["SimSupport", "HealthKitSim"]),
        .target(name: "CoffeeModel"),
        // The app team's own framework, not migrated to Swift concurrency yet (see its doc comment).
        .target(name: "Recaffeinater", swiftSettings: [.swiftLanguageMode(.v5)]),
        .target(
            name: "TrackerSpec",
            dependencies: ["SimSupport", "HealthKitSim", "WatchKitSim", "CoffeeModel", "SimExecutor", "SimWork"]
        ),
        // The glue between the shared checks and Swift Testing, for the StageN test targets;
        // under --sanitize=thread it counts TSan's reports through the runtime's hooks (C).
        .target(name: "TSanHooks"),
        .target(name: "SpecTesting", dependencies: ["TrackerSpec", "WatchKitSim", "SimSupport", "TSanHooks"]),
        // `tracker`'s simulated day and its timeline (text, page, trace): the tool's, not the suite's.
        .target(
            name: "TrackerTimeline",
            dependencies: ["SimSupport", "WatchKitSim", "CoffeeModel", "TrackerSpec", "SimExecutor"]
        ),
        .executableTarget(
            name: "tracker",
            dependencies: ["WatchKitSim", "HealthKitSim", "CoffeeModel", "TrackerSpec", "TrackerTimeline"]
                + stages.map { .target(name: $0.name) }
        ),
        .testTarget(name: "SimTests", dependencies: ["SimSupport", "HealthKitSim", "WatchKitSim", "CoffeeModel"]),
        // The timeline's picture, proved on every stage's day (`tracker --timeline`).
        .testTarget(
            name: "TimelineTests",
            // `tracker` names each stage's app; the tests play the days it plays.
            dependencies: ["SimSupport", "WatchKitSim", "TrackerSpec", "TrackerTimeline", "tracker"]
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

// The kit's own tools (the race matrix, the notes checker, the TSan summaries, the
// workbench) and their tests are a package of their own, Kit/Package.swift, so that
// `swift test` here runs the stages and the simulators only. That package and the
// workbench's exercises (Exercise/, a package of its own) use these library products.
package.products += ["SimSupport", "HealthKitSim", "WatchKitSim", "CoffeeModel", "Recaffeinater", "TrackerSpec"].map {
    .library(name: $0, targets: [$0])
}
