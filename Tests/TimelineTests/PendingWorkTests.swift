import Foundation
import SimSupport
import Testing
@testable import TrackerSpec

/// The count behind every wait for idleness (`PendingWork`): a pool job is counted from its
/// enqueue until it has run. (A main-actor job does not reach the runtime's main-executor
/// hook on Swift 6.3.1 here; the waits' trip through main's turn covers those.)
@Suite("Counted Swift jobs", .serialized)
struct PendingWorkTests {
    @Test("the runtime's hooks are installed and pass their check here")
    func installed() {
        #expect(PendingWork.selfCheckFailure == nil)
        #expect(PendingWork.isCounted)
    }

    @Test("a pool job runs through the hooks; a plain thread does not")
    func jobsGoThroughTheHooks() async throws {
        _ = PendingWork.isCounted
        #expect(await Task.detached { PendingWork.callerRunsCountedJob }.value)
        let onThread = SimLock<Bool?>(nil)
        Thread { onThread.withLock { $0 = PendingWork.callerRunsCountedJob } }.start()
        try await waitUntil("the thread to look") { onThread.withLock { $0 } != nil }
        #expect(onThread.withLock { $0 } == false)
    }
}
