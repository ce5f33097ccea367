import Foundation
import Synchronization

/// What a test or the `tracker` executable waited for, when it never happened.
public struct TimedOut: Error, CustomStringConvertible {
    public let what: String
    public let after: Duration
    /// Whether the app still did things the kit counts when the wait gave up.
    public let progressing: Bool

    public init(what: String, after: Duration, progressing: Bool = false) {
        self.what = what
        self.after = after
        self.progressing = progressing
    }
    public var description: String {
        progressing
            ? "timed out waiting for \(what): the app kept working for \(after) without getting there"
            : "timed out waiting for \(what): nothing the simulators or the Swift pool count happened for \(after)"
    }
}

/// Whether the app is getting on with its work, counted: every event the simulators count
/// (`EventCounter`, `Gauge`) and, once the kit's hooks are installed, every Swift job the
/// pool starts.
public enum AppProgress {
    static let simulatorEvents = Atomic<Int>(0)
    private static let jobs = Mutex<(@Sendable () -> UInt64)?>(nil)

    /// Adds the pool's started jobs to what counts as progress (TrackerSpec, which owns the hooks).
    public static func countJobs(_ read: @escaping @Sendable () -> UInt64) {
        Unseen.run { jobs.withLock { $0 = read } }
    }

    /// What has happened so far: simulator events, and pool jobs started.
    public struct Reading: Equatable, Sendable {
        public let events: Int
        public let jobs: UInt64

        public init(events: Int, jobs: UInt64) { (self.events, self.jobs) = (events, jobs) }

        /// Pool jobs started since `earlier`.
        func jobs(since earlier: Reading) -> UInt64 { jobs &- earlier.jobs }

    }

    public static var now: Reading {
        Reading(events: simulatorEvents.load(ordering: .relaxed), jobs: Unseen.run { jobs.withLock { $0 } }?() ?? 0)
    }
}

/// The limit of a wait on the app, as a stall's length rather than a span of wall time: it
/// runs only while the app does nothing the kit counts (`AppProgress`), so a busy machine,
/// which slows the app without stopping it, never reaches it. Twelve limits in all end a
/// wait on an app that works for ever without getting there.
public struct StallClock: Sendable {
    public let limit: Duration
    private let start = ContinuousClock.now
    private var stalledSince: ContinuousClock.Instant
    private var seen: AppProgress.Reading
    /// The waiter's own wake-up runs as pool jobs too: as many as the fewest seen in one sleep.
    private var ownJobs = UInt64.max
    private let progress: @Sendable () -> AppProgress.Reading

    public init(limit: Duration, progress: @escaping @Sendable () -> AppProgress.Reading = { AppProgress.now }) {
        self.limit = limit
        self.progress = progress
        stalledSince = start
        seen = progress()
    }

    /// Why the wait must end now (`what` it waited for), or nil.
    public func timedOut(waitingFor what: @autoclosure () -> String) -> TimedOut? {
        let now = ContinuousClock.now
        if now - stalledSince >= limit { return TimedOut(what: what(), after: limit) }
        if now - start >= limit * 12 { return TimedOut(what: what(), after: now - start, progressing: true) }
        return nil
    }

    /// Notes what happened since the last look, for a waiter that does not sleep (a spin).
    public mutating func look() {
        let now = progress()
        if now != seen { (seen, stalledSince) = (now, ContinuousClock.now) }
    }

    /// The waiter saw the app move by a measure of its own.
    public mutating func progressed() { stalledSince = ContinuousClock.now }

    /// One of the waiter's own sleeps; what it woke up for is not the app's progress.
    public mutating func sleep() async throws {
        let before = progress()
        try await Task.sleep(for: .milliseconds(1))
        let after = progress()
        let jobs = after.jobs(since: before)
        if after.events != seen.events || (ownJobs != .max && jobs > ownJobs) { progressed() }
        ownJobs = min(ownJobs, jobs)
        seen = after
    }
}

/// Polls `condition` until it holds. Polling (rather than a notification) keeps the
/// waiter from adding synchronisation that ThreadSanitizer would see. Its limit is a stall's
/// (`StallClock`): it turns a hang into a failure, never a slow machine.
public func waitUntil(
    _ what: @autoclosure () -> String,
    timeout: Duration = .seconds(10),
    progress: @escaping @Sendable () -> AppProgress.Reading = { AppProgress.now },
    isolation: isolated (any Actor)? = #isolation,
    _ condition: () async throws -> Bool
) async throws {
    var clock = StallClock(limit: timeout, progress: progress)
    while try await !condition() {
        if let timedOut = clock.timedOut(waitingFor: what()) { throw timedOut }
        try await clock.sleep()
    }
}
