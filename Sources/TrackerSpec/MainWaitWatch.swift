import Dispatch
import Foundation
import SimSupport
import Synchronization
import WatchKitSim

/// A check holds an SDK event at a gate and opens it from main; an app that blocks main
/// until that event arrives leaves the gate shut for good (the check cannot run). This
/// watches from a thread of its own and opens the held gates once main is seen waiting on
/// them: they are all that is in flight, no other thread is ready to run, and main has not
/// run a block sent to it, three looks in a row (as `ExploredDay` tells a blocked main).
/// That is the order the app asked for: an SDK answers a blocked main in the end. A pool
/// a check holds (`PendingWork.holdPool`) is released the same way.
///
/// Where the system does not say which threads are ready to run (`RunnableThreads`), main
/// blocked cannot be told from main busy. Once main has been away for `fallbackLimit` with
/// events held, it opens them all the same, so that the run ends, and the run judges
/// nothing (`openedByClock`): a clock never decides a verdict.
final class MainWaitWatch: Sendable {
    static let threadName = "Kit.mainwait"
    static let fallbackLimit: Duration = .seconds(60)

    private let device: WatchDevice
    private let stopped = Atomic<Bool>(false)
    private let opened = Atomic<Int>(0)
    private let lapsed = Atomic<Bool>(false)

    init(_ device: WatchDevice) {
        self.device = device
        let thread = Thread { [self] in watch() }
        thread.name = Self.threadName
        thread.start()
    }

    func stop() { stopped.store(true, ordering: .relaxed) }

    /// How many times main was seen waiting on held events (and the watch opened them).
    var mainWaits: Int { opened.load(ordering: .relaxed) }

    /// Whether held events were opened because main stayed away, not because main was seen
    /// waiting on them: the run that follows is no evidence either way.
    var openedByClock: Bool { lapsed.load(ordering: .relaxed) }

    private func watch() {
        var probe: Gate?
        var quietLooks = 0
        var awaySince = ContinuousClock.now
        while !stopped.load(ordering: .relaxed) {
            usleep(2_000)
            let held = device.heldGates()
            let poolHeld = PendingWork.heldPoolJobs > 0
            let inFlight = device.health.events.inFlight.level + device.container.inFlight.level
            guard !held.isEmpty || poolHeld, inFlight == held.count, PendingWork.queuedPoolJobs == 0 else {
                (probe, quietLooks, awaySince) = (nil, 0, .now)
                continue
            }
            if probe?.opened == true { (probe, quietLooks, awaySince) = (nil, 0, .now) }  // main is free
            if probe == nil {
                let sent = Gate()
                DispatchQueue.main.async { sent.open() }
                probe = sent
            }
            guard let runnable = RunnableThreads.count(ignoring: RunnableThreads.kitThreads) else {
                if ContinuousClock.now - awaySince > Self.fallbackLimit {
                    lapsed.store(true, ordering: .relaxed)
                    openAll(held)
                }
                continue
            }
            quietLooks = runnable == 0 ? quietLooks + 1 : 0
            if quietLooks >= 3 { openAll(held) }
        }
    }

    private func openAll(_ held: [Gate]) {
        for gate in held { gate.open() }
        PendingWork.releasePool()
        opened.add(1, ordering: .relaxed)
    }
}

extension RunnableThreads {
    /// The kit's own threads beside an app: never the app's work in progress.
    public static var kitThreads: Set<String> { [Watchdog.threadName, MainWaitWatch.threadName] }
}
