import SimSupport
import Testing
@testable import TrackerSpec

/// "After its data is saved", on ledgers written by hand: each case is an order the
/// explorer can meet, and the verdict the invariant must give on it.
@Suite("A background task completes after its data is saved")
struct TaskSavesTests {
    typealias Entry = DayLedger.Entry

    func early(_ entries: [Entry]) -> [String] {
        TaskSaves.completedBeforeSaving([.launched, .taskDelivered(task: 1)] + entries, samples: ["S"])
    }

    @Test("completing after the sample its query brought is saved holds")
    func savedThenCompleted() {
        #expect(early([.queryStarted(query: 1, task: 1), .queryAnswered(query: 1, added: ["S"], deleted: [], failed: false),
                       .taskCompleted(task: 1, inBackground: true, saved: ["S"])]).isEmpty)
    }

    @Test("completing in the background before that sample is on disk breaks it")
    func completedBeforeTheWrite() {
        #expect(early([.queryStarted(query: 1, task: 1), .queryAnswered(query: 1, added: ["S"], deleted: [], failed: false),
                       .taskCompleted(task: 1, inBackground: true, saved: [])]).count == 1)
    }

    @Test("completing before its own query answers, or starts, breaks it")
    func completedBeforeTheQuery() {
        #expect(early([.queryStarted(query: 1, task: 1), .taskCompleted(task: 1, inBackground: true, saved: [])]).count == 1)
        #expect(early([.taskCompleted(task: 1, inBackground: true, saved: []), .queryStarted(query: 1, task: 1)]).count == 1)
    }

    @Test("a load another started and the task joined is not the task's to save")
    func joinedLoadIsNotOwed() {
        #expect(early([.queryStarted(query: 1, task: nil), .queryAnswered(query: 1, added: ["S"], deleted: [], failed: false),
                       .taskCompleted(task: 1, inBackground: true, saved: [])]).isEmpty)
    }

    @Test("in the foreground, after a failure, or once the other app deleted it, nothing is owed")
    func nothingOwed() {
        let answered: [Entry] = [.queryStarted(query: 1, task: 1), .queryAnswered(query: 1, added: ["S"], deleted: [], failed: false)]
        #expect(early(answered + [.taskCompleted(task: 1, inBackground: false, saved: [])]).isEmpty)
        #expect(early(answered + [.sampleDeleted(id: "S"), .taskCompleted(task: 1, inBackground: true, saved: [])]).isEmpty)
        #expect(early([.queryStarted(query: 1, task: 1), .queryAnswered(query: 1, added: [], deleted: [], failed: true),
                       .taskCompleted(task: 1, inBackground: true, saved: [])]).isEmpty)
    }

    @Test("a deletion the query reported must be gone from disk")
    func deletionSaved() {
        let answered: [Entry] = [.queryStarted(query: 1, task: 1), .queryAnswered(query: 1, added: [], deleted: ["S"], failed: false)]
        #expect(early(answered + [.taskCompleted(task: 1, inBackground: true, saved: ["S"])]).count == 1)
        #expect(early(answered + [.taskCompleted(task: 1, inBackground: true, saved: [])]).isEmpty)
    }
}
