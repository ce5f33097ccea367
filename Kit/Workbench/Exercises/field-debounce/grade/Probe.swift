// The field-debounce exercise's probe: drives the learner's Debouncer with a clock the
// harness moves, puts each event at a chosen time (in a burst, just before a pending
// deadline, after a quiet spell), and waits for the process to go idle between steps, never
// for time. Every run of the action is stamped with the clock's time, and the whole list is
// judged against what a debouncer must do: run an event's action at its time plus the delay
// exactly when no event came by then, and never otherwise (not mid-typing, not twice).
import Exercise

enum Probe {
    static let delay = Duration.seconds(1)

    struct Event: CustomStringConvertible, Equatable, Sendable {
        let text: String
        let at: Duration
        var description: String { "\(text)@\(seconds(at))" }
    }

    /// Three typings, each a list of events by time: a burst at one instant; a word typed with
    /// pauses shorter than the delay that comes back to an earlier text, then a quiet spell
    /// and one more; a pause that ends just before the deadline, then one after a deadline.
    static let typings: [String: [Event]] = [
        "last": [.init(text: "a", at: .zero), .init(text: "b", at: .zero), .init(text: "c", at: .zero),
                 .init(text: "ca", at: .seconds(3)), .init(text: "cat", at: .milliseconds(3400)), .init(text: "ca", at: .milliseconds(3800)),
                 .init(text: "x", at: .seconds(6))],
        "delay": [.init(text: "a", at: .zero), .init(text: "b", at: .seconds(2)), .init(text: "c", at: .milliseconds(2500)),
                  .init(text: "d", at: .milliseconds(3499)), .init(text: "e", at: .seconds(5))],
    ]

    static func measure(_ property: FieldPropertyID) async throws -> Measured {
        switch property {
        case .debounceRunsTheLastEvent: try await judge(typings["last"]!, askSleeps: false)
        case .debounceWaitsForTheDelay: try await judge(typings["delay"]!, askSleeps: true)
        case .debounceEndsSupersededWaits: try await judgeWaits(typings["last"]!)
        default: Measured(holds: false, seen: "this exercise does not measure \(property.rawValue)")
        }
    }

    /// What a debouncer runs: each event not followed by another within the delay, at its time plus the delay.
    static func expected(_ events: [Event]) -> [Event] {
        events.indices.compactMap { index in
            let due = events[index].at + delay
            let quiet = index + 1 == events.count || events[index + 1].at > due
            return quiet ? Event(text: events[index].text, at: due) : nil
        }
    }

    /// The signal compares every run, with its time, with what a debouncer runs. The guard
    /// asks less, so that the start (which runs every event, each after its own delay) keeps
    /// it: no run comes before the delay has passed since its event was sent (a leading edge,
    /// a timer that a later event does not push back), the last event runs, and the delay
    /// sleeps on the clock it was given.
    private static func judge(_ events: [Event], askSleeps: Bool) async throws -> Measured {
        let (ran, sleeps, _) = try await type(events)
        let want = expected(events)
        if askSleeps && sleeps == 0 {
            return Measured(holds: false, seen: "the delay never slept on the clock it was given (0 sleeps asked of it): the harness cannot hold time")
        }
        let typed = events.map(\.description).joined(separator: ", ")
        // A run is early when the event it ran for (the latest sent with its text) was sent less than the delay before.
        let early = ran.first { run in run.at < (events.last { $0.text == run.text && $0.at <= run.at }?.at ?? .zero) + delay }
        let why = early.map { "; \($0.text) ran at \(seconds($0.at)), before the delay had passed since its event" } ?? ""
        let holds = askSleeps ? early == nil && want.last.map(ran.contains) == true : ran == want
        return Measured(holds: holds,
                        seen: "events \(typed) (delay \(seconds(delay))): the action ran for \(ran); a debouncer runs it for \(want)\(why)")
    }

    /// A newer event supersedes the pending one, whose wait must end (cancelled, or never
    /// started: one sleep whose deadline moves): once the process is quiet after an event, at
    /// most one sleep waits on the clock. Counted on the clock, so a timer task left asleep
    /// for an event that will never run is seen, whatever the action did.
    private static func judgeWaits(_ events: [Event]) async throws -> Measured {
        let (_, _, waiting) = try await type(events)
        let counts = zip(events, waiting).map { "\($0.0): \($0.1)" }.joined(separator: ", ")
        let most = waiting.max() ?? 0
        return Measured(holds: most <= 1,
                        seen: "sleeps waiting on the clock once the process was quiet after each event: \(counts)"
                            + (most <= 1 ? "" : "; \(most - 1) wait for events a newer one superseded"))
    }

    /// Sends each event at its time, moving the clock only to the next deadline or event, and
    /// letting the process go idle after each move; then runs the clock out. Also counts the
    /// sleeps waiting on the clock once the process is quiet after each event.
    private static func type(_ events: [Event]) async throws -> (ran: [Event], sleeps: Int, waiting: [Int]) {
        let clock = ManualClock(), ran = Recorder<Event>()
        let debouncer = await MainActor.run { Debouncer(delay: delay, clock: clock) { ran.add(Event(text: $0, at: clock.now.offset)) } }
        var waiting: [Int] = []
        for event in events {
            try await move(clock, to: event.at)
            await MainActor.run { debouncer.send(event.text) }
            try await Drive.untilQuiet("the event \(event)")
            waiting.append(clock.waiting)
        }
        try await Drive.untilQuiet("the clock run out after the last event", release: clock.advanceToNextDeadline)
        return (ran.all, clock.sleeps, waiting)
    }

    /// Deadlines on the way fire at their own time, not at the target's.
    private static func move(_ clock: ManualClock, to target: Duration) async throws {
        while let next = clock.nextDeadline, next <= target {
            clock.advance(to: next)
            try await Drive.untilQuiet("the clock moved to \(seconds(next))")
        }
        clock.advance(to: target)
        try await Drive.untilQuiet("the clock moved to \(seconds(target))")
    }

    static func seconds(_ duration: Duration) -> String {
        let (whole, attos) = duration.components
        return "\(Double(whole) + Double(attos / 1_000_000_000_000_000) / 1000)s"
    }
}
