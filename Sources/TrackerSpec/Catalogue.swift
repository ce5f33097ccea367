/// The stages of the migration, in order.
public struct Stage: Sendable, Hashable, CustomStringConvertible {
    public let number: Int
    public let target: String
    public let title: String

    public var description: String { "Stage \(number) (\(title))" }

    public static let all: [Stage] = [
        Stage(number: 0, target: "Stage0_GCD", title: "GCD and completion handlers"),
        Stage(number: 1, target: "Stage1_AsyncAwait", title: "async/await"),
        Stage(number: 2, target: "Stage2_Continuations", title: "continuations"),
        Stage(number: 3, target: "Stage3_MainActor", title: "the main actor"),
        Stage(number: 4, target: "Stage4_Actors", title: "actors"),
    ]
}

/// One defect of the original app, how the kit detects it, and where it is present.
///
/// This table is the single source of truth: the stage tests expect exactly these
/// defects (as known issues), `Scripts/race-matrix` compares its measurements with it,
/// and the step notes quote it.
public struct Defect: Sendable, Hashable, Identifiable, CustomStringConvertible {
    public enum Detector: Sendable, Hashable {
        /// A check of the shared suite fails.
        case suite
        /// ThreadSanitizer reports a race on one of these stored properties.
        case threadSanitizer(properties: [String])
        /// The runtime's watchdog measures a main-thread stall.
        case watchdog
        /// `-strict-concurrency=complete` diagnostics in the stage's sources.
        case compiler
    }

    public let id: String
    public let summary: String
    public let detector: Detector
    public let present: Set<Int>

    public func isPresent(in stage: Int) -> Bool { present.contains(stage) }

    public var description: String { id }
}

public enum Catalogue {
    public static let defects: [Defect] = [
        Defect(
            id: "auth-never-answers",
            summary: "Authorization never calls back when HealthKit is unavailable (the caller waits forever)",
            detector: .suite, present: [0]),
        Defect(
            id: "refresh-completes-off-main",
            summary: "A failed HealthKit load calls back on the store's queue, so the refresh task is completed off the main thread",
            detector: .suite, present: [0, 1]),
        Defect(
            id: "shim-calls-back-off-main",
            summary: "The Task-based authorization shim calls back off the main thread; main-only work follows",
            detector: .suite, present: [1, 2]),
        Defect(
            id: "race-is-authorized",
            summary: "isAuthorized written when HealthKit answers, read when a drink is saved, unsynchronised",
            detector: .threadSanitizer(properties: ["isAuthorized"]), present: [0, 1, 2, 3]),
        Defect(
            id: "race-query-anchor",
            summary: "The query anchor read when a load starts, written when another load's results arrive",
            detector: .threadSanitizer(properties: ["anchor"]), present: [0, 1, 2, 3]),
        Defect(
            id: "race-saved-drinks",
            summary: "The drink list and last-saved list written on main, read and written by the background save",
            detector: .threadSanitizer(properties: ["savedValue", "currentDrinks"]), present: [0, 1, 2, 3]),
        Defect(
            id: "main-thread-blocked",
            summary: "A background refresh saves synchronously on the main thread, blocking it for a disk write",
            detector: .watchdog, present: [0, 1, 2, 3]),
        Defect(
            id: "duplicate-import",
            summary: "Two overlapping refreshes import the same HealthKit samples twice",
            detector: .suite, present: [0, 1, 2, 3, 4]),
        Defect(
            id: "strict-concurrency-diagnostics",
            summary: "The compiler reports concurrency problems under complete checking",
            detector: .compiler, present: [0, 1, 2, 3, 4]),
    ]

    public static func defect(_ id: String) -> Defect {
        guard let defect = defects.first(where: { $0.id == id }) else {
            preconditionFailure("no defect \(id) in the catalogue")
        }
        return defect
    }
}
