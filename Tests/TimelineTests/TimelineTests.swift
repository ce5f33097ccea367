import Foundation
import SimSupport
import Testing
import TrackerSpec
@testable import TrackerTimeline

/// The timeline draws what was measured: where each event ran, by its thread, queue and
/// executor. These prove the picture on every stage's day, waiting for the day's events
/// (the day itself waits for the app, never for a time window).
@Suite("The timeline of a day", .serialized)
@MainActor
struct TimelineTests {
    @Test(
        "the background refresh's save runs on main, and stalls it, in stages 0-3",
        .enabled(if: Executors.measuresActors, "a main-actor task's sync save needs the runtime's executor"), arguments: 0...3)
    func refreshSavesOnMain(stage: Int) async throws {
        let timeline = try await StageDays.timeline(ofStage: stage)
        #expect(timeline.refreshes.count == 2)
        for refresh in timeline.refreshes {
            let writes = refresh.filter { $0.event.kind == .diskWrite }
            let onMain = writes.filter { $0.lane == .main }
            #expect(!onMain.isEmpty, "stage \(stage): the refresh's writes ran on \(writes.map(\.lane.title))")
            for write in onMain {
                #expect(write.note?.hasPrefix("sync on ") == true)
                let stall = timeline.stalls.first { $0.start <= write.end && $0.end >= write.end }
                #expect(stall.map { Double($0.end - $0.start) >= StageDays.halfADiskWrite } == true,
                        "stage \(stage): no stall of half a disk write covers the save on main")
                #expect(write.findings.contains { $0.hasPrefix("main-thread-blocked: main stalled") })
            }
        }
    }

    @Test(
        "the background refresh's save runs on the store's actor, off main, from stage 4",
        .enabled(if: Executors.measuresActors, "actor lanes need the runtime's executor (see Executors)"), arguments: 4...6)
    func refreshSavesOnTheStore(stage: Int) async throws {
        let timeline = try await StageDays.timeline(ofStage: stage)
        #expect(timeline.refreshes.count == 2)
        for refresh in timeline.refreshes {
            let writes = refresh.filter { $0.event.kind == .diskWrite }
            #expect(!writes.isEmpty)
            for write in writes {
                #expect(write.lane == TimelineLane(kind: .actor, name: "CoffeeDataStore"), "stage \(stage): \(write.lane.title)")
                #expect(!write.findings.contains { $0.hasPrefix("main-thread-blocked") })
            }
        }
    }

    @Test("HealthKit's answers run on HealthKit's queues in every stage", arguments: 0...6)
    func healthKitAnswersOnItsQueues(stage: Int) async throws {
        let timeline = try await StageDays.timeline(ofStage: stage)
        let answers = timeline.entries.filter { $0.event.kind == .healthAnswer }
        #expect(answers.count >= 6)
        for answer in answers {
            #expect(answer.lane.kind == .healthKit, "stage \(stage): \(answer.event.what) on \(answer.lane.title)")
        }
    }

    @Test("the terminal form fits 100 columns, one legend line per lane", arguments: 0...6)
    func textFitsTheTerminal(stage: Int) async throws {
        let timeline = try await StageDays.timeline(ofStage: stage)
        let lines = timeline.renderText().split(separator: "\n", omittingEmptySubsequences: false)
        // Every line, in terminal columns (a Character each: the box-drawing marks are one
        // column, though three bytes, so a byte count overstates a line by two per mark).
        for line in lines {
            #expect(line.count <= Timeline.width, "stage \(stage), \(line.count) columns: \(line)")
        }
        #expect(lines.contains { $0.hasPrefix("── ") }, "stage \(stage): no scene heading")
        for lane in timeline.lanes {
            #expect(lines.contains { $0.hasSuffix(" " + lane.title) && $0.hasPrefix("  " + timeline.code(lane)) })
        }
    }

    @Test("the page shows every lane's label, and needs no script")
    func pageLabels() async throws {
        let timelines = [try await StageDays.timeline(ofStage: 0), try await StageDays.timeline(ofStage: 4)]
        let page = TimelinePage.render(timelines)
        #expect(!page.contains("<script"))
        #expect(!page.contains("http://") || page.contains("http://www.w3.org/2000/svg"))
        for timeline in timelines {
            for lane in timeline.lanes {
                #expect(page.contains(">\(TimelinePage.escape(lane.title))</text>"), "\(lane.title)")
            }
        }
    }

    @Test("the Chrome trace is JSON with one named thread per lane and every event")
    func chromeTrace() async throws {
        let timeline = try await StageDays.timeline(ofStage: 0)
        let data = Data(TimelineTrace.render([timeline]).utf8)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let events = try #require(object["traceEvents"] as? [[String: Any]])
        let threads = events.filter { $0["name"] as? String == "thread_name" }
        #expect(threads.count == timeline.lanes.count)
        #expect(events.filter { ["X", "i"].contains($0["ph"] as? String) }.count == timeline.entries.count + timeline.stalls.count)
    }
}
