/// One defect of the original app, how the kit detects it, and where it is present.
///
/// This table is the single source of truth: the stage tests expect exactly these
/// defects (as known issues), `Scripts/race-matrix` compares its measurements with it,
/// and the step notes quote it.
public struct Defect: Sendable, Hashable, Identifiable, CustomStringConvertible {
    /// Where an access of a TSan report runs, read from its stack.
    public enum Context: String, Sendable, Hashable, CaseIterable {
        /// The main thread.
        case main
        /// A dispatch queue other than main (a store's queue, a background queue).
        case queue
        /// A task on Swift's cooperative pool.
        case task
    }

    public enum Detector: Sendable, Hashable {
        /// A check of the shared suite fails.
        case suite
        /// ThreadSanitizer reports a race on one of these stored properties, between exactly
        /// these contexts, in the row's own race scenario. A present cell is reliable: its
        /// scenario reports the race in every run. `byChance` lists the stages whose present
        /// cell TSan sees under some schedules only (two short tasks that run one after the
        /// other on one pool thread are ordered by that thread): such a cell must still be
        /// seen at least once over the runs, and the matrix states how often.
        case threadSanitizer(properties: [String], between: Set<Context>, byChance: Set<Int> = [])
        /// Main is seen blocked on disk I/O: a read or write on the main queue (the container
        /// records each one's queue), or main waiting on a held write (`MainWaitWatch`). The
        /// runtime's watchdog shows how long; the verdict counts, never times.
        case watchdog
        /// `-strict-concurrency=complete` diagnostics in the stage's sources: all of them,
        /// or those of these diagnostic groups whose subject is one of these declarations
        /// (the value a diagnostic is about, by its type, its name, or, for `self`, the
        /// type declaration the diagnostic is in).
        case compiler(declarations: [String] = [], groups: [String] = [])
    }

    public let id: String
    public let summary: String
    public let detector: Detector
    public let present: Set<Int>
    /// Stages where the race is not fixed but moved to other contexts than the row's (main
    /// vs a queue becomes a task vs a task, say): stage → the row that still shows it there.
    /// The row's own cell must then be clean, and the named row present.
    public let moved: [Int: String]

    public init(id: String, summary: String, detector: Detector, present: Set<Int>, moved: [Int: String] = [:]) {
        self.id = id
        self.summary = summary
        self.detector = detector
        self.present = present
        self.moved = moved
    }

    public func isPresent(in stage: Int) -> Bool { present.contains(stage) }

    /// The stage whose step brings the defect in: the first where it is present or moved.
    /// Before it the defect does not exist yet, which tables show as "not yet", not "fixed".
    public var introduced: Int { present.union(moved.keys).min() ?? 0 }

    /// Whether the defect exists yet in `stage` (present, moved or fixed there).
    public func exists(in stage: Int) -> Bool { stage >= introduced }

    /// What the catalogue says of this row in `stage`.
    public func state(in stage: Int) -> State {
        if present.contains(stage) { return .present }
        if let row = moved[stage] { return .moved(to: row) }
        return .fixed
    }

    public enum State: Sendable, Hashable {
        case present
        /// The race lives on in other contexts, where row `to` shows it.
        case moved(to: String)
        case fixed
    }

    public var description: String { id }
}

extension Defect.Detector: CustomStringConvertible {
    /// "suite", "TSan: anchor, main vs queue", ...
    public var description: String {
        switch self {
        case .suite: "suite"
        case .threadSanitizer(let properties, let between, _):
            "TSan: " + properties.joined(separator: ", ") + ", "
                + (between.count == 1 ? "\(between.first!) vs \(between.first!)" : between.map(\.rawValue).sorted().joined(separator: " vs "))
        case .watchdog: "watchdog"
        case .compiler(let declarations, let groups):
            declarations.isEmpty && groups.isEmpty ? "compiler"
                : "compiler: " + declarations.joined(separator: ", ") + (groups.isEmpty ? "" : " in " + groups.map { "`\($0)`" }.joined(separator: ", "))
        }
    }
}

public enum Catalogue {
    public static let defects: [Defect] = [
        Defect(
            id: "auth-never-answers",
            summary: "Authorization never calls back when HealthKit is unavailable (the caller waits forever)",
            detector: .suite, present: [0]),
        Defect(
            id: "refresh-completes-off-main",
            summary: "A failed HealthKit load calls back on the store's queue, so the next refresh is scheduled off the main thread",
            detector: .suite, present: [0, 1]),
        Defect(
            id: "shim-calls-back-off-main",
            summary: "The Task-based authorization shim calls back off the main thread; main-only work follows",
            detector: .suite, present: [1, 2]),
        Defect(
            id: "race-health-access",
            summary: "The shim's completion writes the Health status on a pool thread while the runtime draws the screen on main",
            // Measured by its own scenario in every run of stages 1 and 2 (10 of 10 each, with
            // the screen drawn by the runtime; earlier versions of the kit saw 0 of 10 in
            // stage 1, see Steps/TSAN.md).
            detector: .threadSanitizer(properties: ["healthAccess"], between: [.main, .task]),
            present: [1, 2]),
        Defect(
            id: "race-is-authorized",
            summary: "isAuthorized written on the store's queue when HealthKit answers, read on main when a drink is saved",
            detector: .threadSanitizer(properties: ["isAuthorized"], between: [.main, .queue]),
            // From stage 1 the write and the read run in two tasks: the race moves, and only
            // the compiler names it reliably until the controller becomes an actor.
            present: [0], moved: [1: "controller-crosses-domains", 2: "controller-crosses-domains", 3: "controller-crosses-domains"]),
        Defect(
            id: "race-query-anchor",
            summary: "The query anchor read on main when a refresh starts, written on the store's queue when another's results arrive",
            detector: .threadSanitizer(properties: ["anchor"], between: [.main, .queue]),
            // From stage 2 the continuation writes the anchor in a task: the race moves.
            present: [0, 1], moved: [2: "controller-crosses-domains", 3: "controller-crosses-domains"]),
        Defect(
            id: "controller-crosses-domains",
            // The races on isAuthorized and the anchor do not end at stages 1 and 2: they move
            // between two tasks on the cooperative pool, where TSan sees them only when the
            // tasks land on different threads (no scenario of the kit shows that reliably).
            // Complete checking names the controller at every place it crosses a concurrency
            // domain, in every run.
            summary: "The HealthKit controller's state is shared across concurrency domains with no isolation (the compiler names it)",
            detector: .compiler(
                declarations: ["HealthKitController", "healthKitController"], groups: ["#SendableClosureCaptures", "#SendingRisksDataRace"]),
            present: [0, 1, 2, 3]),
        Defect(
            id: "race-saved-drinks",
            summary: "The drink list and the last-saved list written on main, read and written by the background save",
            detector: .threadSanitizer(properties: ["savedValue", "currentDrinks"], between: [.main, .queue]),
            present: [0, 1, 2, 3]),
        Defect(
            id: "main-thread-blocked",
            summary: "A background refresh saves synchronously on the main thread, blocking it for a disk write",
            detector: .watchdog, present: [0, 1, 2, 3]),
        Defect(
            id: "launch-loses-drinks",
            summary: "At launch the drink log, read from disk, replaces what arrived meanwhile: drinks the user added, HealthKit's imports and deletions",
            detector: .suite, present: [0, 1, 2, 3]),
        Defect(
            id: "duplicate-import",
            summary: "Two overlapping refreshes import the same HealthKit samples twice",
            detector: .suite, present: [0, 1, 2, 3, 4]),
        Defect(
            id: "strict-concurrency-diagnostics",
            summary: "The compiler reports concurrency problems under complete checking",
            detector: .compiler(), present: [0, 1, 2, 3, 4]),
        Defect(
            id: "shared-model-unguarded",
            // All its accesses run on main, so no race scenario: the compiler is the one
            // that cannot tell, until the model is isolated to the main actor.
            summary: "The shared model, `CoffeeData.shared`, is a global variable that no actor guards (the compiler names it)",
            detector: .compiler(declarations: ["shared"], groups: ["#MutableGlobalVariable"]),
            present: [0, 1, 2]),
        Defect(
            id: "race-day-change",
            summary: "The task that watches the day drops old drinks on a pool thread while the runtime draws the screen on main",
            // Step 1's task inherits nothing from the nonisolated model's init; from step 3 it
            // inherits the main actor.
            detector: .threadSanitizer(properties: ["currentDrinks"], between: [.main, .task]),
            present: [1, 2]),
    ]

    public static func defect(_ id: String) -> Defect {
        guard let defect = defects.first(where: { $0.id == id }) else {
            preconditionFailure("no defect \(id) in the catalogue")
        }
        return defect
    }
}
