import Dispatch
import Foundation

/// Where a piece of work ran, measured at the simulated SDK boundary when it ran: the
/// thread, the dispatch queue's label, whether that queue is main, whether a Swift task
/// was running, and the actor whose executor ran it. Nothing here comes from the app.
public struct Place: Sendable, Hashable {
    /// The thread (its `pthread_t`, as a number): on Linux the main queue is served by
    /// whichever thread drains it, so this alone never says "main".
    public let thread: UInt
    /// The label of the current dispatch queue ("" when none).
    public let queue: String
    /// The main queue, asked through a queue-specific value (see `MainQueue`).
    public let onMainQueue: Bool
    /// A Swift task was running.
    public let inTask: Bool
    /// The main actor's executor ran the code (a main-actor job, or a queue's `sync` block
    /// called from one: the executor stays the caller's while the block runs).
    public let onMainActor: Bool
    /// The type of the default actor whose executor ran the code, `nil` on the pool, on a
    /// queue, or on the main actor (whose queue says so).
    public let actor: String?

    public init(thread: UInt, queue: String, onMainQueue: Bool, inTask: Bool, onMainActor: Bool = false, actor: String?) {
        self.thread = thread
        self.queue = queue
        self.onMainQueue = onMainQueue
        self.inTask = inTask
        self.onMainActor = onMainActor
        self.actor = actor
    }

    /// What the Swift runtime says of the current executor: the main actor's, or the
    /// default actor of this type. Asked through `TimelineRecorder.executor`, which the
    /// recorder's maker supplies (TrackerSpec's `Executors.chosen()`, which needs a C module
    /// that the simulators' own interfaces must not carry: see `Tests/ImportShape`).
    public struct Executor: Sendable {
        public let onMainActor: Bool
        public let actor: String?
        /// False where the runtime was not asked (its check at start failed, or the fallback
        /// was forced: `PlatformFallback`): then nothing is known of the executor.
        public let known: Bool
        public init(onMainActor: Bool, actor: String?, known: Bool = true) {
            self.onMainActor = onMainActor
            self.actor = actor
            self.known = known
        }
    }

    /// Where the caller runs now. Where the executor is not known, work in a task off the
    /// main queue is recorded by its thread alone (no queue, no task): it may be the main
    /// actor in a queue's `sync` block, an actor or the pool, and the timeline must not draw
    /// it on a lane that says which.
    public static func here(mainQueue: MainQueue, executor: Executor) -> Place {
        let onMainQueue = mainQueue.isCurrent
        let inTask = withUnsafeCurrentTask { $0 != nil }
        if !executor.known, inTask, !onMainQueue {
            return Place(thread: currentThread, queue: "", onMainQueue: false, inTask: false, actor: nil)
        }
        return Place(
            thread: currentThread,
            queue: currentQueueLabel,
            onMainQueue: onMainQueue,
            inTask: inTask,
            onMainActor: executor.onMainActor,
            actor: executor.actor)
    }

    private typealias GetLabel = @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?

    // `dispatch_queue_get_label(DISPATCH_CURRENT_QUEUE_LABEL)`: libdispatch's C call, which
    // the Swift overlay does not offer for the current queue. Looked up when first needed.
    private static let getLabel: GetLabel? = {
        guard let process = dlopen(nil, RTLD_NOW), let symbol = dlsym(process, "dispatch_queue_get_label") else { return nil }
        return unsafeBitCast(symbol, to: GetLabel.self)
    }()

    /// The label of the dispatch queue the caller runs on, "" when none.
    public static var currentQueueLabel: String {
        getLabel?(nil).map { String(cString: $0) } ?? ""
    }

    /// The calling thread, as a number.
    public static var currentThread: UInt {
        #if canImport(Darwin)
        UInt(bitPattern: pthread_self())
        #else
        UInt(pthread_self())
        #endif
    }
}

/// What the simulators saw, in the order it happened, for `tracker --timeline`.
///
/// Off unless a run asks for it (`WatchDevice.Configuration.timeline`). Kept under a
/// `SimLock`, out of ThreadSanitizer's sight: recording must not order the app's accesses.
public final class TimelineRecorder: Sendable {
    public enum Kind: String, Sendable {
        case healthRequest, healthAnswer, diskRead, diskWrite, published, complicationReload
        case complicationEntry, taskDelivered, taskCompleted, refreshScheduled, offMainCall, phase
    }

    public struct Event: Sendable {
        public let id: Int
        public let kind: Kind
        public let what: String
        public let place: Place
        /// Nanoseconds since the recorder was made.
        public let start: UInt64
        /// The end of a span (a disk write, a HealthKit callback), `nil` for an instant.
        public internal(set) var end: UInt64?
        /// Disk I/O of the app's still under way (task completions only).
        public let ioInFlight: Int

        public init(id: Int, kind: Kind, what: String, place: Place, start: UInt64, end: UInt64?, ioInFlight: Int) {
            (self.id, self.kind, self.what, self.place, self.start, self.end, self.ioInFlight) =
                (id, kind, what, place, start, end, ioInFlight)
        }
    }

    /// One heartbeat of the watchdog: posted to main, then run there (see `Watchdog`).
    public struct Beat: Sendable {
        public let posted: UInt64
        public let ran: UInt64
        public let thread: UInt
    }

    private struct State {
        var events: [Event] = []
        var beats: [Beat] = []
    }

    private let state = SimLock(State())
    private let origin = DispatchTime.now().uptimeNanoseconds
    private let mainQueue = MainQueue.shared
    private let executor: @Sendable () -> Place.Executor

    /// `executor` tells the current executor (see `Place.Executor`); without it, the
    /// recorder tells threads, queues and tasks only.
    public init(executor: @escaping @Sendable () -> Place.Executor = { Place.Executor(onMainActor: false, actor: nil) }) {
        self.executor = executor
    }

    /// Now, on the recorder's clock.
    public var now: UInt64 { DispatchTime.now().uptimeNanoseconds &- origin }

    /// Notes an instant event where the caller runs.
    @discardableResult
    public func note(_ kind: Kind, _ what: String, ioInFlight: Int = 0) -> Int {
        let place = Place.here(mainQueue: mainQueue, executor: executor())
        let time = now
        return state.withLock { state in
            let id = state.events.count
            state.events.append(Event(id: id, kind: kind, what: what, place: place, start: time, end: nil, ioInFlight: ioInFlight))
            return id
        }
    }

    /// Runs `body` as a span of work where the caller runs (a disk write, a callback).
    public func span<T>(_ kind: Kind, _ what: String, _ body: () throws -> T) rethrows -> T {
        let id = note(kind, what)
        defer {
            let time = now
            state.withLock { $0.events[id].end = time }
        }
        return try body()
    }

    /// Notes a heartbeat that ran on main `posted` nanoseconds after the recorder's origin.
    public func beat(postedAt posted: UInt64) {
        let beat = Beat(posted: posted, ran: now, thread: Place.currentThread)
        state.withLock { $0.beats.append(beat) }
    }

    public var events: [Event] { state.withLock { $0.events } }
    public var beats: [Beat] { state.withLock { $0.beats } }
}
