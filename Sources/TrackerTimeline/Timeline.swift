import SimSupport
import TrackerSpec

/// A measured timeline of one run: every event the simulators recorded, on the lane where
/// it ran, the main thread's stalls, and the catalogue rows the events show.
///
/// Built from the recorder after the run, by rules on what was measured (never on the stage
/// number): see `TimelineLane.of(_:)`, `onMainBySync(_:)` and `rows(of:)`.
public struct Timeline: Sendable {
    public typealias Event = TimelineRecorder.Event

    public struct Entry: Sendable {
        public let event: Event
        public let lane: TimelineLane
        /// How the lane was told, when not by the place alone ("sync on CoffeeData.background").
        public let note: String?
        /// Catalogue rows this event shows, and other findings, in words.
        public let findings: [String]
        /// The index of the phase (a step of the day) the event happened in.
        public let phase: Int

        public var start: UInt64 { event.start }
        public var end: UInt64 { event.end ?? event.start }
    }

    /// A stretch of time in which the main queue ran nothing: a heartbeat posted at `start`
    /// ran at `end` (`Watchdog`).
    public struct Stall: Sendable {
        public let start: UInt64
        public let end: UInt64
        public var milliseconds: Double { Double(end - start) / 1_000_000 }
    }

    /// A step of the day, from the moment the day's script began it.
    public struct Phase: Sendable {
        public let title: String
        public let start: UInt64
    }

    public let title: String
    public let phases: [Phase]
    public let entries: [Entry]
    public let stalls: [Stall]
    /// The lanes that have events, in drawing order.
    public let lanes: [TimelineLane]

    /// The short label of each lane (`M`, `Q`, `H3`, `A1`...): numbered where a kind has
    /// several lanes.
    public let codes: [TimelineLane: String]

    /// Builds the timeline of a run. Stalls shorter than `stallThreshold` are scheduling
    /// noise, not drawn.
    public init(title: String, recorder: TimelineRecorder, stallThreshold: Duration) {
        let events = recorder.events
        let beats = recorder.beats
        let threshold = UInt64(stallThreshold.components.seconds) * 1_000_000_000
            + UInt64(stallThreshold.components.attoseconds / 1_000_000_000)
        let stalls = Self.stalls(beats, atLeast: max(threshold, 1))
        self.stalls = stalls
        self.title = title

        var phases: [Phase] = []
        var entries: [Entry] = []
        for event in events {
            if event.kind == .phase {
                phases.append(Phase(title: event.what, start: event.start))
                continue
            }
            let sync = Self.onMainBySync(event, events: events, beats: beats, stalls: stalls)
            let lane = sync ? .main : TimelineLane.of(event.place)
            // Work under a queue's label in another lane ran in that queue's `sync` call.
            let inSync = lane.kind != .appQueue && lane.kind != .healthKit && lane.kind != .globalQueue
                && !event.place.queue.isEmpty && !event.place.queue.hasPrefix("com.apple.")
                && event.place.queue != "Swift global concurrent queue"
            entries.append(Entry(
                event: event, lane: lane, note: inSync ? "sync on \(event.place.queue)" : nil, findings: [],
                phase: max(phases.count - 1, 0)))
        }
        let found = entries
        entries = found.map { Self.withFindings($0, among: found, stalls: stalls) }
        self.phases = phases
        self.entries = entries.sorted { ($0.start, $0.event.id) < ($1.start, $1.event.id) }
        lanes = Set(entries.map(\.lane)).sorted()
        codes = Self.codes(for: lanes)
    }

    public func code(_ lane: TimelineLane) -> String { codes[lane] ?? lane.code }

    // MARK: Stalls

    /// Heartbeats that waited at least `atLeast`, merged where they overlap: the beats
    /// posted during one block of the main queue all run when it ends.
    static func stalls(_ beats: [TimelineRecorder.Beat], atLeast: UInt64) -> [Stall] {
        let long = beats.filter { $0.ran >= $0.posted && $0.ran - $0.posted >= atLeast }.sorted { $0.posted < $1.posted }
        var merged: [Stall] = []
        for beat in long {
            if let last = merged.last, beat.posted <= last.end {
                merged[merged.count - 1] = Stall(start: last.start, end: max(last.end, beat.ran))
            } else {
                merged.append(Stall(start: beat.posted, end: beat.ran))
            }
        }
        return merged
    }

    // MARK: A queue's work run by the main thread

    /// Whether `event`, which ran under another queue's label, ran on the main thread inside
    /// a `sync` call made by main's work (`background.sync { save }` on main). Libdispatch
    /// runs such a block on the calling thread and tells only the inner queue's label, so two
    /// measurements decide: the thread that ran the event is the one that ran main's work
    /// last before it (an event on the main queue or a heartbeat), and the main queue ran
    /// nothing from the event's start to its end (a stall covers it). A block that ran on
    /// that thread after main's work had finished leaves main free, and heartbeats run.
    static func onMainBySync(
        _ event: Event, events: [Event], beats: [TimelineRecorder.Beat], stalls: [Stall]
    ) -> Bool {
        guard let end = event.end, !event.place.onMainQueue, !event.place.inTask, event.place.actor == nil,
              !event.place.queue.isEmpty, !event.place.queue.hasPrefix(TimelineLane.healthKitQueuePrefix)
        else { return false }
        // A heartbeat is posted every millisecond (5 under TSan); a heartbeat thread that a
        // busy machine leaves without a core may post later, so a stall that began in the
        // first half of the event covers it.
        let slack = max(UInt64(6_000_000), (end - event.start) / 2)
        guard stalls.contains(where: { $0.start <= event.start + slack && $0.end >= end }) else { return false }
        let lastOnMain = (events.filter { $0.place.onMainQueue && $0.start <= event.start }.map { ($0.start, $0.place.thread) }
            + beats.filter { $0.ran <= event.start }.map { ($0.ran, $0.thread) }).max { $0.0 < $1.0 }
        return lastOnMain?.1 == event.place.thread
    }

    // MARK: Codes

    static func codes(for lanes: [TimelineLane]) -> [TimelineLane: String] {
        var codes: [TimelineLane: String] = [:]
        for (kind, ofKind) in Dictionary(grouping: lanes, by: \.kind) {
            let sorted = ofKind.sorted()
            for (index, lane) in sorted.enumerated() {
                let numbered = kind != .healthKit && kind != .main && sorted.count > 1
                codes[lane] = numbered ? "\(lane.code)\(index + 1)" : lane.code
            }
        }
        return codes
    }
}
