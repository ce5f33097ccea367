import Foundation
@testable import TrackerSpec
import MatrixKit

/// The captured logs under Fixtures/ (real TSan reports and compiler output, BuildIds trimmed).
enum Fixture {
    static func text(_ name: String) throws -> String {
        guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures") else {
            throw MissingFixture(name: name)
        }
        return try String(contentsOf: url, encoding: .utf8)
    }

    struct MissingFixture: Error {
        let name: String
    }

    /// The source lines the fixtures' top stage frames point at, as they were when captured.
    static let sources = InlineSourceLines([
        "Sources/Stage0_GCD/CoffeeData.swift": [
            65: "        guard currentDrinks != savedValue else {",
            83: "                self.savedValue = self.currentDrinks",
        ],
        "Sources/Stage1_AsyncAwait/HealthKitController.swift": [
            86: "            type: caffeineType, predicate: predicate, anchor: anchor, limit: HKObjectQueryNoLimit",
            106: "        anchor = newAnchor",
        ],
        "Sources/Stage2_Continuations/Views.swift": [
            25: "        switch model.healthAccess {",
        ],
        "Sources/Stage2_Continuations/ExtensionDelegate.swift": [
            18: "            self.model.healthAccess = success ? .granted : .unavailable",
        ],
        "Sources/Stage9_Probe/main.swift": [
            11: "@inline(never) func write(_ c: Controller) { c.isAuthorized = true }",
            12: "@inline(never) func read(_ c: Controller) -> Bool { c.isAuthorized }",
        ],
    ])
}

/// A catalogue of the kit's shape that the tests own, so that they hold whatever the real
/// catalogue says today.
enum TestCatalogue {
    static let healthAccess = Defect(
        id: "race-health-access", summary: "",
        detector: .threadSanitizer(properties: ["healthAccess"], between: [.main, .task]), present: [1, 2])
    static let isAuthorized = Defect(
        id: "race-is-authorized", summary: "",
        detector: .threadSanitizer(properties: ["isAuthorized"], between: [.main, .queue]), present: [0],
        moved: [1: "strict-concurrency-diagnostics"])
    static let isAuthorizedTasks = Defect(
        id: "race-is-authorized-tasks", summary: "",
        detector: .threadSanitizer(properties: ["isAuthorized"], between: [.task], byChance: [1, 2, 3]), present: [1, 2, 3])
    static let anchor = Defect(
        id: "race-query-anchor", summary: "",
        detector: .threadSanitizer(properties: ["anchor"], between: [.main, .queue]), present: [0, 1])
    static let savedDrinks = Defect(
        id: "race-saved-drinks", summary: "",
        detector: .threadSanitizer(properties: ["savedValue", "currentDrinks"], between: [.main, .queue]),
        present: [0, 1, 2, 3])
    static let authNeverAnswers = Defect(id: "auth-never-answers", summary: "", detector: .suite, present: [0])
    static let blocked = Defect(id: "main-thread-blocked", summary: "", detector: .watchdog, present: [0, 1, 2, 3])
    static let diagnostics = Defect(id: "strict-concurrency-diagnostics", summary: "", detector: .compiler(), present: [0, 1])

    static let defects = [
        healthAccess, isAuthorized, isAuthorizedTasks, anchor, savedDrinks, authNeverAnswers, blocked, diagnostics,
    ]

    static let probeStage = Stage(number: 9, target: "Stage9_Probe", title: "probe")

    static let stages = [
        Stage(number: 0, target: "Stage0_GCD", title: "GCD"),
        Stage(number: 1, target: "Stage1_AsyncAwait", title: "async/await"),
    ]
}
