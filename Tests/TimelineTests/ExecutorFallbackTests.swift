import SimSupport
import Testing
@testable import tracker
@testable import TrackerSpec

/// The timeline when the runtime's executor is not asked (`KIT_FORCE_FALLBACK=executor`, or
/// its check at start failed): no actor lanes, and every event that is on no actor's lane
/// when measured keeps its lane and its findings. Each stage's day is played again with the
/// fallback forced and compared with the day `StageDays` played.
@Suite("The timeline without the runtime's executor", .serialized)
@MainActor
struct ExecutorFallbackTests {
    @Test("the runtime's entry points pass their check here", .enabled(if: PlatformFallbackTests.onLinux))
    func selfCheckPasses() {
        #expect(Executors.selfCheckFailure == nil)
    }

    @Test("forced: no actor lane; the other lanes and the catalogue's findings as measured", arguments: [0, 4])
    func sameVerdictWithoutActors(stage: Int) async throws {
        let measured = try await StageDays.timeline(ofStage: stage)
        let day = WatchDay(
            stage: Stage.all[stage], app: app(forStage: stage), diskDelay: StageDays.diskDelay, recordsTimeline: true)
        let fallback = try await PlatformFallback.$forcedInTask.withValue([.executor]) { try await day.run()! }
        #expect(!fallback.lanes.contains { $0.kind == .actor })
        if stage >= 4, Executors.selfCheckFailure == nil {
            #expect(measured.lanes.contains { $0.kind == .actor }, "stage \(stage) measured no actor lane")
        }
        // A day's events are the same but for late updates of the live query: compared where
        // both days have the event.
        let (lanes, measuredLanes) = (Self.lanes(fallback), Self.lanes(measured))
        let onActors = Set(measured.entries.filter { $0.lane.kind == .actor }.map(Self.key))
        let shared = Set(lanes.keys).intersection(measuredLanes.keys).subtracting(onActors)
        #expect(shared.contains { $0.hasPrefix("taskCompleted") })
        for key in shared.sorted() {
            #expect(lanes[key] == measuredLanes[key], "stage \(stage): \(key)")
        }
        #expect(Self.rows(fallback) == Self.rows(measured))
    }

    static func key(_ entry: Timeline.Entry) -> String { "\(entry.event.kind) \(entry.event.what)" }

    /// The lanes each event (its kind and what) ran on.
    static func lanes(_ timeline: Timeline) -> [String: Set<String>] {
        timeline.entries.reduce(into: [:]) { lanes, entry in lanes[key(entry), default: []].insert(entry.lane.title) }
    }

    /// The catalogue rows the timeline's findings name ("main-thread-blocked: …" → the id).
    static func rows(_ timeline: Timeline) -> Set<String> {
        let ids = Set(Catalogue.defects.map(\.id))
        return Set(timeline.entries.flatMap(\.findings).compactMap { finding in
            finding.split(separator: ":").first.map(String.init).flatMap { ids.contains($0) ? $0 : nil }
        })
    }
}
