// The field-debounce exercise's probe: drives the learner's Debouncer with a clock the
// harness moves, and waits for the process to go idle between steps, never for time.
import Exercise

enum Probe {
    static func measure(_ property: FieldPropertyID) async throws -> Measured {
        switch property {
        case .debounceRunsTheLastEvent: try await lastEventOnly()
        case .debounceWaitsForTheDelay: try await waitsForTheDelay()
        default: Measured(holds: false, seen: "this exercise does not measure \(property.rawValue)")
        }
    }

    private static func make(_ clock: ManualClock, _ ran: Recorder<String>) async -> Debouncer<ManualClock> {
        await MainActor.run { Debouncer(delay: .seconds(1), clock: clock) { ran.add($0) } }
    }

    /// A burst a, b, c in one main-actor job; then d, and e while d's delay is still running.
    private static func lastEventOnly() async throws -> Measured {
        let clock = ManualClock(), ran = Recorder<String>()
        let debouncer = await make(clock, ran)
        await MainActor.run { ["a", "b", "c"].forEach(debouncer.send) }
        try await Drive.untilQuiet("the burst a, b, c", release: clock.advanceToNextDeadline)
        let burst = ran.all
        await MainActor.run { debouncer.send("d") }
        try await Drive.untilQuiet("d's delay")
        await MainActor.run { debouncer.send("e") }
        try await Drive.untilQuiet("d's and e's delays", release: clock.advanceToNextDeadline)
        let later = Array(ran.all.dropFirst(burst.count))
        return Measured(
            holds: burst == ["c"] && later == ["e"],
            seen: "the burst a, b, c ran the action \(burst.count) times, for \(burst); d, then e during d's delay, ran it \(later.count) times, for \(later)")
    }

    /// One event, then the clock held: nothing may run; moved past the delay: it runs.
    private static func waitsForTheDelay() async throws -> Measured {
        let clock = ManualClock(), ran = Recorder<String>()
        let debouncer = await make(clock, ran)
        await MainActor.run { debouncer.send("a") }
        try await Drive.untilQuiet("a's delay")
        let early = ran.all, asked = clock.sleeps
        try await Drive.untilQuiet("a's delay, the clock moved", release: clock.advanceToNextDeadline)
        let first = ran.all
        await MainActor.run { debouncer.send("b") }
        try await Drive.untilQuiet("b's delay")
        let earlyB = Array(ran.all.dropFirst(first.count))
        try await Drive.untilQuiet("b's delay, the clock moved", release: clock.advanceToNextDeadline)
        let all = ran.all
        guard asked > 0 else {
            return Measured(holds: false, seen: "the delay never slept on the clock it was given (0 sleeps asked of it): the harness cannot hold time")
        }
        return Measured(
            holds: early.isEmpty && earlyB.isEmpty && all == ["a", "b"],
            seen: "before the clock passed the delay the action ran for \(early) (then \(earlyB) for a later event); after it, for \(all)")
    }
}
