// The field-sdk-isolation exercise's probe: a route recorded through the simulated SDK 27,
// then three measurements. The export is called while a job blocks the main thread at a
// gate the harness holds: an export that needs main cannot return until the harness
// releases it at the first idle; then routes are recorded on main while exports run off
// it, with no pause, and every export's count is checked. The screen's count is read once
// the process is quiet, after points recorded one at a time, 50 at once on main, and 50 at
// once off main while a job blocks main (every change reaches the observer before a hop
// to main can run), and a screen the app let go of is looked for through a weak
// reference. Nothing waits for time.
import Exercise
import Foundation
import Synchronization

/// Where a thread (here, the main thread) waits until the harness lets it go.
final class ThreadGate: Sendable {
    private let condition = NSCondition()
    private let state = Mutex<(parked: Int, arrived: Int, released: Int)>((0, 0, 0))

    /// Parks the calling thread; `parked` runs once it counts as parked, before it waits.
    func pass(parked: () -> Void = {}) {
        condition.lock()
        let ticket = state.withLock { state -> Int in
            state.parked += 1
            state.arrived += 1
            return state.arrived
        }
        parked()
        while state.withLock({ $0.released }) < ticket { condition.wait() }
        state.withLock { $0.parked -= 1 }
        condition.unlock()
    }

    var parked: Int { state.withLock { $0.parked } }

    @discardableResult func releaseAll() -> Int {
        condition.lock()
        defer { condition.unlock() }
        let parked = state.withLock { state -> Int in
            state.released = state.arrived
            return state.parked
        }
        condition.broadcast()
        return parked
    }
}

/// A task executor with one thread of its own, which waits when it has no job.
final class ThreadExecutor: TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []

    init() {
        Thread { [self] in
            while true {
                condition.lock()
                while jobs.isEmpty { condition.wait() }
                let job = jobs.removeFirst()
                condition.unlock()
                job.runSynchronously(on: asUnownedTaskExecutor())
            }
        }.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }
}

/// The route being recorded, for the exporters to read.
final class CurrentRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var held: RouteRecorder?
    var recorder: RouteRecorder? {
        get { lock.withLock { held } }
        set { lock.withLock { held = newValue } }
    }
}

/// Holds the screen without keeping it alive.
final class WeakScreen: @unchecked Sendable {
    weak var screen: RouteScreen?
    init(_ screen: RouteScreen) { self.screen = screen }
}

enum Probe {
    /// Records `count` points, each awaited until the tracker called back on main.
    static func record(_ count: Int, on tracker: RouteTracker) async {
        for point in 1...count {
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in tracker.record(point) { done.resume() } }
        }
    }

    static func measure(_ property: FieldPropertyID) async throws -> Measured {
        switch property {
        case .exportRunsOffTheMainActor: return try await exportWhileMainIsBusy()
        case .screenGetsEveryChange: return try await screenCount()
        case .releasedScreenIsFreed: return try await releasedScreen()
        default: return Measured(holds: false, seen: "this exercise does not measure \(property.rawValue)")
        }
    }

    static func exportWhileMainIsBusy() async throws -> Measured {
        let tracker = RouteTracker(), recorder = await RouteRecorder()
        tracker.delegate = recorder
        let mainGate = ThreadGate(), outcome = Recorder<(summary: String, mainStillBusy: Bool)>()
        Crash.during("while export(_:) ran with the main thread blocked")
        try await Drive.run("export(_:) while a job blocks the main thread", release: { mainGate.releaseAll() }) {
            await record(3, on: tracker)
            // Resumed by the main thread once it is parked: the export starts with main blocked.
            await withCheckedContinuation { (blocking: CheckedContinuation<Void, Never>) in
                Task { @MainActor in mainGate.pass { blocking.resume() } }
            }
            let summary = await export(recorder)
            outcome.add((summary, mainGate.parked == 1))
            mainGate.releaseAll()
        }
        guard let result = outcome.all.first else { return Measured(holds: false, seen: "export(_:) never returned") }
        let first = "export returned \"\(result.summary)\" \(result.mainStillBusy ? "while the main thread was still blocked" : "only after the harness let the main thread go")"
        guard result.mainStillBusy && result.summary == "3 points" else { return Measured(holds: false, seen: first) }
        return try await exportWhileRecording(after: first)
    }

    /// Routes recorded on main while exports run off main, without a pause: the export reads
    /// what the delegate writes, so both must take the same lock (or the same isolation). A
    /// write outside the lock that guards the read meets a read of storage being replaced,
    /// and crashes (a crash fails this property) or reads a count no route had.
    static func exportWhileRecording(after first: String) async throws -> Measured {
        let rounds = 40_000, points = 8, exporters = 3
        let current = CurrentRecorder(), stop = Mutex(false), bad = Recorder<String>(), exported = Mutex(0)
        Crash.during("while recording \(rounds) routes on the main actor while exports ran off it")
        // Not under Drive: threads handing work to each other read as idle now and then.
        do {
            // Each exporter loops on a thread of its own (its task's executor): exporters
            // looping on the pool would starve the tracker's queue of threads.
            for _ in 0..<exporters {
                Task(executorPreference: ThreadExecutor()) {
                    while !stop.withLock({ $0 }) {
                        guard let recorder = current.recorder else { continue }
                        let summary = await export(recorder)
                        let count = Int(summary.prefix { $0.isNumber }) ?? -1
                        if !(0...points).contains(count) || !summary.hasSuffix(" points") { bad.add(summary) }
                        exported.withLock { $0 += 1 }
                    }
                }
            }
            await withTaskGroup(of: Void.self) { group in
                group.addTask { @MainActor in
                    for _ in 0..<rounds {
                        let tracker = RouteTracker(), recorder = RouteRecorder()
                        tracker.delegate = recorder
                        current.recorder = recorder
                        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                            let left = Mutex(points)
                            for point in 1...points {
                                tracker.record(point) { if left.withLock({ $0 -= 1; return $0 }) == 0 { done.resume() } }
                            }
                        }
                    }
                    stop.withLock { $0 = true }
                }
            }
        }
        Crash.during("measuring")
        let wrong = bad.all
        return Measured(holds: wrong.isEmpty,
                        seen: "\(first); \(rounds) routes of \(points) points recorded on main while exports ran off it: \(exported.withLock { $0 }) export(s), "
                            + (wrong.isEmpty ? "each a count the route had" : "\(wrong.count) with a count no route had, the first \"\(wrong[0])\""))
    }

    /// Records `count` points at once from where the caller runs, and waits until the tracker
    /// called back on main for each.
    static func recordAtOnce(_ count: Int, on tracker: RouteTracker) async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            let left = Mutex(count)
            for point in 1...count {
                tracker.record(point) { if left.withLock({ $0 -= 1; return $0 }) == 0 { done.resume() } }
            }
        }
    }

    /// Records `count` points at once on the main actor, in one turn of main.
    @MainActor static func recordAtOnceOnMain(_ count: Int, on tracker: RouteTracker) async {
        await recordAtOnce(count, on: tracker)
    }

    /// How the screen's changes are ordered against main: one point at a time, each awaited
    /// (main runs a change's hop before the next point); many at once on main (the tracker's
    /// queue and main interleave as the threads decide); many at once off main while a job
    /// blocks main (every change reaches the observer before any hop to main runs).
    enum ScreenOrder: CaseIterable {
        case oneAtATime, atOnceOnMain, atOnceWhileMainIsBlocked

        var points: Int { self == .oneAtATime ? 3 : 50 }

        var description: String {
            switch self {
            case .oneAtATime: "\(points) points recorded one at a time"
            case .atOnceOnMain: "\(points) points recorded at once on main"
            case .atOnceWhileMainIsBlocked: "\(points) points recorded at once off main while a job blocked main"
            }
        }
    }

    /// The changes a freshly connected screen received once `order`'s points are recorded.
    static func screenReceives(_ order: ScreenOrder) async throws -> Int {
        let tracker = RouteTracker(), recorder = await RouteRecorder(), screen = await RouteScreen()
        tracker.delegate = recorder
        await connect(screen, to: tracker)
        let mainGate = ThreadGate()
        Crash.during("while \(order.description) with a screen connected")
        try await Drive.run("\(order.description) with a screen connected", release: { mainGate.releaseAll() }) {
            switch order {
            case .oneAtATime:
                await record(order.points, on: tracker)
            case .atOnceOnMain:
                await recordAtOnceOnMain(order.points, on: tracker)
            case .atOnceWhileMainIsBlocked:
                // Resumed by the main thread once it is parked; the harness lets it go at idle,
                // when the tracker's queue has told the observer of every point.
                await withCheckedContinuation { (blocking: CheckedContinuation<Void, Never>) in
                    Task { @MainActor in mainGate.pass { blocking.resume() } }
                }
                await recordAtOnce(order.points, on: tracker)
            }
        }
        try await Drive.untilQuiet("the screen's updates")
        return await MainActor.run { screen.received }
    }

    /// Every change must reach the screen, in every order: a forwarder that coalesces or
    /// drops changes while a hop to main is pending shows when many arrive at once.
    static func screenCount() async throws -> Measured {
        var seen: [String] = []
        for order in ScreenOrder.allCases {
            let received = try await screenReceives(order)
            seen.append("\(order.description): the screen received \(received) of \(order.points) change(s)")
            guard received == order.points else { return Measured(holds: false, seen: seen.joined(separator: "; ")) }
        }
        return Measured(holds: true, seen: seen.joined(separator: "; "))
    }

    @MainActor static func connectAScreen(to tracker: RouteTracker) -> WeakScreen {
        let screen = RouteScreen()
        connect(screen, to: tracker)
        return WeakScreen(screen)
    }

    static func releasedScreen() async throws -> Measured {
        let tracker = RouteTracker(), recorder = await RouteRecorder()
        tracker.delegate = recorder
        let weakScreen = await connectAScreen(to: tracker)
        Crash.during("while a point was recorded after the app let its screen go")
        try await Drive.run("a point recorded after the app let its screen go") { await record(1, on: tracker) }
        try await Drive.untilQuiet("the screen's last update")
        let alive = await MainActor.run { weakScreen.screen != nil }
        return Measured(holds: !alive, seen: "the app let its screen go, the tracker still holds its observers: the screen \(alive ? "is still alive" : "was freed")")
    }
}
