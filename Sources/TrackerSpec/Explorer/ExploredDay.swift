import CoffeeModel
import Foundation
import HealthKitSim
import SimSupport
import WatchKitSim

/// One explored day: the app launched with every SDK event held, then, step by step, one
/// held event released or one action taken, as the chooser says, the app running until it
/// is idle between two steps. The order taken is recorded by ids.
///
/// The day is driven from a thread of its own, not from the main actor: stages 0-3 write
/// to disk from main (a `sync` onto their queue), and a held write there stops main, so a
/// driver on main could never release it (see Kit/MAINTAINERS.md, "Every order of the
/// day"). What must run on main (a tap, a relaunch, reading the screen) is sent there and
/// waited for, only while main is free.
final class ExploredDay: @unchecked Sendable {
    // `@unchecked Sendable`: everything mutable is touched by the day's thread only; main
    // gets values, not the day.
    let run: AppRun
    let held: HeldEvents
    let healthAvailable: Bool
    let health: HealthDatabase
    let container: AppContainer
    private(set) var chooser: Chooser
    private(set) var order: [String] = []
    private var plan: [DayAction]
    private let launchFinishesFirst: Bool
    var facts = DayFacts()

    /// More steps than any day needs: a day that takes them all loops, and is cut short.
    static let stepLimit = 80
    /// The day's thread, which `RunnableThreads` need not count as the app's.
    static let threadName = "explorer"
    /// How long a step may make no progress before the day is a hang: a safety limit, not a
    /// verdict. Long enough that a loaded machine (TSan, busy cores) never reaches it; a
    /// held event waits longer still (`HeldEvents` patience), so that the day's own limit
    /// is the one that speaks.
    static let hangLimit: Duration = .seconds(60)

    @MainActor
    init(_ app: any WatchApp.Type, chooser: Chooser, seed: UInt64) throws {
        let held = HeldEvents(patience: Self.hangLimit * 2)
        let healthAvailable = DayAction.healthAvailable(seed: seed)
        self.held = held
        self.chooser = chooser
        self.healthAvailable = healthAvailable
        plan = DayAction.plan(seed: seed)
        launchFinishesFirst = DayAction.launchFinishesFirst(seed: seed)
        let sampleAtLaunch = SimLock<UUID?>(nil)
        run = try AppRun(app, configure: { configuration in
            configuration.health.isAvailable = healthAvailable
            // Every answer waits at its gate, so latency adds only time; under TSan it stays
            // (an answer before the awaiting task suspends is a false report).
            if !Unseen.underThreadSanitizer { configuration.health.latency = .zero }
        }, prepare: { device in
            device.health.holdEveryCallback(in: held)
            // An unreadable log counts as empty: a task owes its samples to it all the same.
            device.keepLedger(held.ledger) { [container = device.container] in
                Set(((try? Self.savedDrinks(in: container)) ?? []).map(\.uuid.uuidString))
            }
            if Explorer.holdsDiskIO { device.container.holdEveryAccess(in: held) }
            if DayAction.sampleBeforeLaunch(seed: seed) {
                let sample = AppRun.addSampleFromAnotherApp(mg: Self.earlierSampleMG, minutesAgo: Self.earlierSampleMinutesAgo, to: device)
                sampleAtLaunch.withLock { $0 = sample }
            }
        })
        if let sample = sampleAtLaunch.withLock({ $0 }) { facts.sawAtLaunch(sample, on: run.device.clock) }
        health = run.health
        container = run.device.container
    }

    /// Plays the day to its end (the chosen steps, then every held event released) on the
    /// day's own thread; the main actor waits for it without blocking main.
    @MainActor
    func playOnItsThread() async throws {
        let finished = Gate()
        // The day's record (its order, its facts) passes to main once the day is over: a
        // semaphore, which TSan sees, where a relaxed gate would look like a race on them.
        let handedOver = DispatchSemaphore(value: 0)
        let failure = SimLock<(any Error)?>(nil)
        let thread = Thread { [self] in
            do { try play() } catch { failure.withLock { $0 = error } }
            handedOver.signal()
            finished.open()
        }
        thread.name = Self.threadName
        thread.start()
        while !finished.opened { try? await Task.sleep(for: .milliseconds(1)) }
        handedOver.wait()
        if let error = failure.withLock({ $0 }) { throw error }
    }

    private func play() throws {
        if launchFinishesFirst { try releaseUntilIdle() }
        for _ in 0..<Self.stepLimit {
            let mainIsFree = try untilIdle()
            noteMainWaitingOnDisk(mainIsFree)
            let options = Set(held.waiting.map(\.kind)).sorted() + (mainIsFree ? enabledActions : [])
            guard let pick = chooser.choose(among: options, isAction: { DayAction(rawValue: $0) != nil }) else { break }
            try take(pick)
        }
        try settle()
    }

    /// Releases the held events one by one (in the chooser's order) until the app is idle
    /// with nothing held, brings it to the foreground, and lets one last refresh bring what
    /// HealthKit has: then what the screen and the disk show is the day's outcome.
    private func settle() throws {
        plan = []
        health.failQueries(with: nil)
        try releaseUntilIdle()
        if healthAvailable && held.ledger.refreshWasScheduled {
            try onMain { [run] in _ = run.runtime.deliverBackgroundRefresh() }
            try releaseUntilIdle()
        }
        try onMain { [run] in run.runtime.enterForeground() }
        try releaseUntilIdle()
    }

    private func releaseUntilIdle() throws {
        for _ in 0..<Self.stepLimit {
            let mainIsFree = try untilIdle()
            noteMainWaitingOnDisk(mainIsFree)
            let options = Set(held.waiting.map(\.kind)).sorted()
            guard let pick = chooser.choose(among: options, outsidePath: true, isAction: { _ in false }) else {
                if mainIsFree { return }
                if mainComesBack() { continue }
                throw DayHung(hang: .mainBlocked)
            }
            try take(pick)
        }
        throw DayHung(hang: .neverSettled)
    }

    private var enabledActions: [String] {
        var seen = Set<DayAction>()
        return plan.filter { seen.insert($0).inserted && isEnabled($0) }.map(\.rawValue)
    }

    private func isEnabled(_ action: DayAction) -> Bool {
        switch action {
        case .deleteSample: facts.sample != nil && facts.deleted.isEmpty
        case .recoverQueries: !plan.contains(.failQueries)
        // watchOS delivers a refresh task only once the app has scheduled one (in this
        // launch or an earlier one): never before the launch asked for Health access.
        case .refresh: held.ledger.refreshWasScheduled
        case .relaunch: held.count == 0
        default: true
        }
    }

    /// Main stopped while a disk access is held: main waits on disk I/O (stages 0-3 write
    /// from main with a `sync` onto their queue, so the write runs on that queue's behalf).
    private func noteMainWaitingOnDisk(_ mainIsFree: Bool) {
        if !mainIsFree && held.waiting.contains(where: { $0.kind.hasPrefix("disk.") }) { facts.mainWaitedOnDisk += 1 }
    }

    private func take(_ id: String) throws {
        order.append(id)
        guard let action = DayAction(rawValue: id) else {
            if let event = held.waiting.first(where: { $0.kind == id }) { held.release(event) }
            return
        }
        plan.remove(at: plan.firstIndex(of: action)!)
        let facts = self.facts
        self.facts = try onMain { [run] in try await Self.perform(action, on: run, facts: facts) }
    }
}
