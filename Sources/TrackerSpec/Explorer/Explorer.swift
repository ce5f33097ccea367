import SimSupport
import WatchKitSim

/// What exploring found: one finding per invariant broken (its first seed), or per day
/// that made no progress. Ids and numbers only; a person's sentence is built from them
/// where it is printed (`Invariant.name`).
public struct ExplorationFinding: Codable, Sendable, Hashable {
    /// The invariant broken; `nil` when the day hung instead (`hungAfter` says where).
    public let invariant: Invariant?
    /// The seed whose day broke it: `tracker --stage N --seed S` plays that day again.
    public let seed: UInt64
    /// The shortest order of event ids found that still breaks it (`DayAction` ids for
    /// what the user, the watch and other apps do, `HeldEvents` kinds for the SDK's answers).
    public let order: [String]
    /// The last event before a day that made no progress (`nil` for a broken invariant).
    public let hungAfter: String?
    /// Why that day made no progress (`nil` for a broken invariant).
    public var hang: Hang? = nil

    /// "no progress after EVENT: why", for a day that hung.
    public var noProgress: String? {
        hungAfter.map { Hang.noProgress(after: $0, hang) }
    }
}

public struct Exploration: Codable, Sendable {
    /// Days played.
    public let schedules: Int
    /// How many of them took a different order of events.
    public let distinctOrders: Int
    /// Sorted by seed, then invariant: the first is the first failure.
    public let findings: [ExplorationFinding]

    public var broken: Set<Invariant> { Set(findings.compactMap(\.invariant)) }
}

public enum Explorer {
    /// Whether disk reads and writes are held too: only where the system says which threads
    /// are ready to run (`/proc` on Linux, Mach on Darwin), the one way to see that main waits on a held write (stages
    /// 0-3). Elsewhere disk I/O runs when the app makes it, and `no-main-disk-io` sees only
    /// I/O made on the main queue itself.
    public static let holdsDiskIO = RunnableThreads.count() != nil

    /// Explores `count` days of `app`, seeds `firstSeed`, `firstSeed + 1`, …: in each, every
    /// event the day waits on (HealthKit's answers and reports, disk I/O off the main
    /// thread, the user's taps, background refreshes, another app's samples, a relaunch)
    /// is held and released in the order the seed chooses, the app running until it is idle
    /// between two steps; then every `Invariant` is checked. For each invariant broken, the
    /// first seed that broke it and, when `shrink` is set, the shortest order of events
    /// found that still breaks it (each try replays a day). Runs one app at a time
    /// (`OneAppAtATime`); no verdict depends on elapsed time (a day that makes no progress
    /// for a minute, `ExploredDay.hangLimit`, is a finding of its own, `hungAfter`).
    public static func explore(
        _ app: any WatchApp.Type, count: Int, firstSeed: UInt64 = 1, shrink: Bool = true
    ) async throws -> Exploration {
        var orders = Set<[String]>()
        var first: [String: ExplorationFinding] = [:]
        for seed in firstSeed..<firstSeed + UInt64(max(count, 0)) {
            let outcome = try await play(app, seed: seed)
            orders.insert(outcome.order)
            for finding in outcome.findings(seed: seed) where first[finding.key] == nil {
                first[finding.key] = finding
            }
        }
        var findings: [ExplorationFinding] = []
        for finding in first.values.sorted(by: { ($0.seed, $0.key) < ($1.seed, $1.key) }) {
            findings.append(shrink && finding.invariant != nil ? try await shrunk(finding, app: app) : finding)
        }
        return Exploration(schedules: max(count, 0), distinctOrders: orders.count, findings: findings)
    }

    /// Plays the day of `seed` (or, given `order`, the seed's setting with that order).
    /// `countingHealth`: `logged-once` also counts each logged drink in Health (the
    /// workbench's day-by-day judgment; the stages' catalogue is not measured with it yet).
    public static func play(
        _ app: any WatchApp.Type, seed: UInt64, following order: [String]? = nil, countingHealth: Bool = false
    ) async throws -> DayOutcome {
        try await play(app, seed: seed, chooser: order.map { Chooser(following: $0) } ?? Chooser(seed: seed), countingHealth: countingHealth)
    }

    static func play(_ app: any WatchApp.Type, seed: UInt64, chooser: Chooser, countingHealth: Bool = false) async throws -> DayOutcome {
        nonisolated(unsafe) let app = app  // a metatype carries no state
        return try await OneAppAtATime.shared.run { @MainActor in
            let day = try ExploredDay(app, chooser: chooser, seed: seed)
            var hung: String?
            var hang: Hang?
            do { try await day.playOnItsThread() } catch {
                hung = day.order.last ?? "launch"
                hang = (error as? DayHung)?.hang ?? .stopped
            }
            if !day.held.timedOut.isEmpty && hung == nil { (hung, hang) = (day.held.timedOut[0], .eventNeverReleased) }
            let broken = hung == nil ? ExploredDay.brokenInvariants(
                of: day.run, facts: day.facts, healthAvailable: day.healthAvailable, ledger: day.held.ledger.entries, countingHealth: countingHealth) : []
            day.held.stopHolding()
            await day.run.finish()
            return DayOutcome(
                order: day.order, broken: broken.map(\.invariant), seen: broken.map(\.seen), hungAfter: hung, hang: hang,
                witnesses: broken.map(\.witnesses), taken: day.chooser.taken, widths: day.chooser.widths)
        }
    }

    /// Replays `finding`'s day with one action left out at a time, keeping each leaner
    /// order that still breaks the same invariant, until none is left out.
    private static func shrunk(_ finding: ExplorationFinding, app: any WatchApp.Type) async throws -> ExplorationFinding {
        var order = finding.order
        var improved = true
        while improved {
            improved = false
            for index in order.indices where DayAction(rawValue: order[index]) != nil {
                var candidate = order
                candidate.remove(at: index)
                let outcome = try await play(app, seed: finding.seed, following: candidate)
                if let invariant = finding.invariant, outcome.broken.contains(invariant), outcome.order.count < order.count {
                    order = outcome.order
                    improved = true
                    break
                }
            }
        }
        return ExplorationFinding(invariant: finding.invariant, seed: finding.seed, order: order, hungAfter: nil)
    }
}

/// How one explored day ended.
public struct DayOutcome: Sendable {
    /// The events in the order taken, by id.
    public let order: [String]
    public let broken: [Invariant]
    /// What was seen, one entry per broken invariant (for a person).
    public let seen: [String]
    public let hungAfter: String?
    public var hang: Hang? = nil
    /// What each broken invariant lost or duplicated (`Witness`), one list per entry of `broken`.
    public var witnesses: [[String]] = []
    /// The choices a systematic day took, and how many options each had.
    var taken: [Int] = []
    var widths: [Int] = []

    func findings(seed: UInt64) -> [ExplorationFinding] {
        if let hungAfter { return [ExplorationFinding(invariant: nil, seed: seed, order: order, hungAfter: hungAfter, hang: hang)] }
        return broken.map { ExplorationFinding(invariant: $0, seed: seed, order: order, hungAfter: nil) }
    }
}

extension ExplorationFinding {
    var key: String { invariant?.rawValue ?? "no-progress" }
}
