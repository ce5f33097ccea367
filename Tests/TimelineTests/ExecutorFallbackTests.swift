import SimSupport
import Testing
@testable import tracker
@testable import TrackerSpec
@testable import TrackerTimeline

/// The timeline when the runtime's executor is not asked (`KIT_FORCE_FALLBACK=executor`, or
/// its check at start failed): no actor or pool lanes, a task's work off the main queue on
/// its bare thread's lane, and no lane or catalogue finding that the measured day does not
/// have. Each stage's day is played again with the fallback forced and compared with the
/// day `StageDays` played (a save a main-actor task makes in a queue's `sync`
/// block, say, is no longer known to be on main, and its finding is left out).
@Suite("The timeline without the runtime's executor", .serialized)
@MainActor
struct ExecutorFallbackTests {
    @Test("the runtime's entry points pass their check here", .enabled(if: PlatformFallbackTests.primaryPaths))
    func selfCheckPasses() {
        #expect(Executors.selfCheckFailure == nil)
    }

    @Test("forced: no actor or pool lane, and no lane or finding that was not measured", arguments: 0...6)
    func noUnmeasuredLane(stage: Int) async throws {
        let measured = try await StageDays.timeline(ofStage: stage)
        let day = WatchDay(
            stage: Stage.all[stage], app: app(forStage: stage), diskDelay: StageDays.diskDelay, recordsTimeline: true)
        let fallback = try await PlatformFallback.$forcedInTask.withValue([.executor]) { try await day.run()! }
        #expect(!fallback.lanes.contains { $0.kind == .actor || $0.kind == .pool })
        if stage >= 4, Executors.measuresActors {
            #expect(measured.lanes.contains { $0.kind == .actor }, "stage \(stage) measured no actor lane")
        }
        // A day's events are the same but for late updates of the live query: compared where
        // both days have the event. A lane the fallback names (any but a bare thread's) is
        // one the event was measured on.
        let (lanes, measuredLanes) = (Self.lanes(fallback), Self.lanes(measured))
        let shared = Set(lanes.keys).intersection(measuredLanes.keys)
        #expect(shared.contains { $0.hasPrefix("taskCompleted") })
        for key in shared.sorted() {
            let named = lanes[key]!.filter { !$0.hasPrefix("thread ") }
            #expect(named.isSubset(of: measuredLanes[key]!), "stage \(stage): \(key)")
        }
        #expect(Self.rows(fallback).isSubset(of: Self.rows(measured)))
    }

    static func key(_ entry: Timeline.Entry) -> String { "\(entry.event.kind) \(entry.event.what)" }

    /// The lanes each event (its kind and what) ran on; HealthKit's queues as one, since the
    /// store numbers them as it makes them.
    static func lanes(_ timeline: Timeline) -> [String: Set<String>] {
        timeline.entries.reduce(into: [:]) { lanes, entry in
            lanes[key(entry), default: []].insert(entry.lane.kind == .healthKit ? "HealthKit's queues" : entry.lane.title)
        }
    }

    /// The catalogue rows the timeline's findings name ("main-thread-blocked: …" → the id).
    static func rows(_ timeline: Timeline) -> Set<String> {
        let ids = Set(Catalogue.defects.map(\.id))
        return Set(timeline.entries.flatMap(\.findings).compactMap { finding in
            finding.split(separator: ":").first.map(String.init).flatMap { ids.contains($0) ? $0 : nil }
        })
    }
}
