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
/// (`EventCounter`, `Gauge`: requests, answers, reads, writes, renders, I/O in flight). Swift
/// jobs are not counted: a waiter's own polls, and other waits beside it, are jobs too, so
/// waits could keep one another going (with them counted, CI's suite ran with three pool
/// threads busy for minutes).
public enum AppProgress {
    static let simulatorEvents = Atomic<Int>(0)

    /// One more event. Out of ThreadSanitizer's sight (`Unseen`): every simulator thread
    /// touches this one counter, and with TSan watching, the app's races planted through the
    /// simulators went unreported (measured: the canary and stage 0's saved-drinks race, 0 of 1).
    static func count() {
        Unseen.run { _ = simulatorEvents.add(1, ordering: .relaxed) }
    }

    /// What has happened so far.
    public struct Reading: Equatable, Sendable {
        public let events: Int

        public init(events: Int) { self.events = events }
    }

    public static var now: Reading { Reading(events: simulatorEvents.load(ordering: .relaxed)) }
}

/// The limit of a wait on the app, as a stall's length rather than a span of wall time: it
/// runs only while the app does nothing the kit counts (`AppProgress`), so a busy machine,
/// which slows the app without stopping it, reaches it only by starving the app of every step
/// for the whole limit. Twelve limits in all end a wait on an app that works for ever
/// without getting there.
public struct StallClock: Sendable {
    public let limit: Duration
    private let start = ContinuousClock.now
    private var stalledSince: ContinuousClock.Instant
    private var seen: AppProgress.Reading
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

    /// One of the waiter's own sleeps.
    public mutating func sleep() async throws {
        try await Task.sleep(for: .milliseconds(1))
        look()
    }
}

/// Polls `condition` until it holds. Polling (rather than a notification) keeps the
/// waiter from adding synchronisation that ThreadSanitizer would see. Its limit is a stall's
/// (`StallClock`): it turns a hang into a failure, and a slow machine only when it
/// starves the app of every step for the whole limit.
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
