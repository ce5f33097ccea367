import SimSupport
import Testing
import TrackerSpec
@testable import TrackerTimeline

/// The rule that puts a queue's work on main: only when main's own thread ran it and main
/// ran nothing meanwhile. Recorded events built by hand, so each half can fail alone.
@Suite("The main lane's rule for a queue's work")
struct LaneRuleTests {
    let mainThread: UInt = 1, otherThread: UInt = 2
    let ms: UInt64 = 1_000_000

    func event(_ id: Int, thread: UInt, queue: String, onMain: Bool, start: UInt64, end: UInt64?) -> TimelineRecorder.Event {
        TimelineRecorder.Event(
            id: id, kind: end == nil ? .published : .diskWrite, what: "e\(id)",
            place: Place(thread: thread, queue: queue, onMainQueue: onMain, inTask: false, actor: nil),
            start: start, end: end, ioInFlight: 0)
    }

    @Test("a sync from main: main's thread, main stalled throughout")
    func syncFromMain() {
        let publish = event(0, thread: mainThread, queue: "com.apple.main-thread", onMain: true, start: 10 * ms, end: nil)
        let write = event(1, thread: mainThread, queue: "app.background", onMain: false, start: 11 * ms, end: 31 * ms)
        let stall = Timeline.Stall(start: 9 * ms, end: 32 * ms)
        #expect(Timeline.onMainBySync(write, events: [publish, write], beats: [], stalls: [stall]))
    }

    @Test("the same work with main free is the queue's")
    func mainFree() {
        let publish = event(0, thread: mainThread, queue: "com.apple.main-thread", onMain: true, start: 10 * ms, end: nil)
        let write = event(1, thread: mainThread, queue: "app.background", onMain: false, start: 11 * ms, end: 31 * ms)
        #expect(!Timeline.onMainBySync(write, events: [publish, write], beats: [], stalls: []))
    }

    @Test("main stalled by another thread's work is not this thread's")
    func anotherThread() {
        let publish = event(0, thread: mainThread, queue: "com.apple.main-thread", onMain: true, start: 10 * ms, end: nil)
        let write = event(1, thread: otherThread, queue: "app.background", onMain: false, start: 11 * ms, end: 31 * ms)
        let stall = Timeline.Stall(start: 9 * ms, end: 32 * ms)
        #expect(!Timeline.onMainBySync(write, events: [publish, write], beats: [], stalls: [stall]))
    }
}
