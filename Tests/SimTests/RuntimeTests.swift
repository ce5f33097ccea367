import Dispatch
import Foundation
import SimSupport
import Testing
import WatchKitSim

/// `WKExtension`: the life cycle it drives, the background tasks it delivers and checks,
/// its record of main-thread-only calls made off the main thread, and the text UI.
@Suite("WatchKitSim: the runtime")
@MainActor
struct RuntimeTests {
    @Test("launch calls applicationDidFinishLaunching while inactive, then applicationDidBecomeActive once active")
    func launch() throws {
        let run = try launchTestApp()
        defer { run.finish() }

        #expect(run.delegate.calls == ["didFinishLaunching [inactive]", "didBecomeActive [active]"])
        #expect(run.runtime.applicationState == .active)
        #expect(!run.runtime.isTerminated)
    }

    @Test("enterBackground and enterForeground call the delegate and change applicationState")
    func backgroundAndForeground() throws {
        let run = try launchTestApp()
        defer { run.finish() }
        run.delegate.forgetCalls()

        run.runtime.enterBackground()
        #expect(run.runtime.applicationState == .background)
        #expect(run.delegate.calls == ["willResignActive [active]", "didEnterBackground [background]"])

        run.delegate.forgetCalls()
        run.runtime.enterForeground()
        #expect(run.runtime.applicationState == .active)
        #expect(run.delegate.calls == ["willEnterForeground [background]", "didBecomeActive [active]"])
    }

    @Test("deliverBackgroundRefresh puts the app in the background and hands it an application refresh task")
    func deliverRefresh() throws {
        let run = try launchTestApp()
        defer { run.finish() }
        run.delegate.forgetCalls()

        let task = run.runtime.deliverBackgroundRefresh()
        #expect(run.runtime.applicationState == .background)
        #expect(run.delegate.calls == ["willResignActive [active]", "didEnterBackground [background]", "handle(1) [background]"])
        let handed = try #require(run.delegate.tasks.first)
        #expect(handed is WKApplicationRefreshBackgroundTask)
        #expect(handed == task)
        #expect(run.record.deliveredTasks == [task.identifier])

        let next = run.runtime.deliverBackgroundRefresh()
        #expect(next.identifier != task.identifier)
        #expect(run.record.deliveredTasks == [task.identifier, next.identifier])
        #expect(run.record.completions.isEmpty)
    }

    @Test("setTaskCompletedWithSnapshot records each completion with the I/O in flight at the call")
    func completions() async throws {
        let run = try launchTestApp()
        defer { run.finish() }
        let container = run.device.container
        let task = run.runtime.deliverBackgroundRefresh()

        // A write still under way when the task is completed.
        let gate = container.holdNextWrite()
        let written = Box<Result<Void, any Error>>()
        startInBackground { written.put(Result { try container.write(Data("[]".utf8), to: "log.json") }) }
        try await waitUntil("the write to be held") { gate.isHeld }
        task.setTaskCompletedWithSnapshot(false)
        gate.open()
        try await awaitValue(written, "the held write").get()

        // Completing twice is recorded twice.
        task.setTaskCompletedWithSnapshot(false)
        #expect(run.record.completions.map(\.taskIdentifier) == [task.identifier, task.identifier])
        #expect(run.record.completions.map(\.ioInFlight) == [1, 0])
        #expect(run.record.completionCount(of: task.identifier) == 2)
        #expect(run.record.completionCount(of: task.identifier + 1) == 0)
        #expect(run.record.offMainCalls.isEmpty)
    }

    @Test("main-thread-only calls made off the main thread are recorded, then carried out on it")
    func offMainCalls() async throws {
        let run = try launchTestApp()
        defer { run.finish() }
        let task = run.runtime.deliverBackgroundRefresh()
        let runtime = run.runtime
        let date = SimClock.morning + hour
        let scheduled = Box<Bool>()
        let called = Box<Bool>()

        callOffMain {
            runtime.scheduleBackgroundRefresh(withPreferredDate: date, userInfo: nil) { error in
                scheduled.put(error == nil)
            }
            task.setTaskCompletedWithSnapshot(false)
            runtime.complicationServer.reloadTimeline(for: .caffeine)
            called.put(MainQueue.isCurrent)
        }
        #expect(try await awaitValue(called, "the off-main calls") == false)
        try await waitUntil("three off-main calls recorded") { run.record.offMainCalls.count >= 3 }

        #expect(run.record.offMainCalls == [
            "WKExtension.scheduleBackgroundRefresh",
            "WKRefreshBackgroundTask.setTaskCompletedWithSnapshot",
            "CLKComplicationServer.reloadTimeline",
        ])
        #expect(run.record.scheduledRefreshes == [date])
        #expect(scheduled.value == true)
        #expect(run.record.completionCount(of: task.identifier) == 1)
        #expect(run.runtime.complicationServer.reloadCount == 1)
        #expect(run.runtime.complicationServer.currentEntry?.text == "handler 1 mg")
    }

    @Test("main-thread-only calls made on the main thread take effect at once and are not recorded")
    func onMainCalls() async throws {
        let run = try launchTestApp()
        defer { run.finish() }
        let task = run.runtime.deliverBackgroundRefresh()
        let date = SimClock.morning + hour
        let scheduled = Box<Bool>()

        run.runtime.scheduleBackgroundRefresh(withPreferredDate: date, userInfo: nil) { error in
            scheduled.put(error == nil)
        }
        task.setTaskCompletedWithSnapshot(false)
        run.runtime.complicationServer.reloadTimeline(for: .caffeine)
        #expect(run.record.scheduledRefreshes == [date])
        #expect(scheduled.value == true)
        #expect(run.record.completionCount(of: task.identifier) == 1)
        #expect(run.runtime.complicationServer.reloadCount == 1)

        // Nothing was queued for later either.
        try await Task.sleep(for: .milliseconds(20))
        #expect(run.record.offMainCalls.isEmpty)
        #expect(run.record.scheduledRefreshes.count == 1)
        #expect(run.record.completions.count == 1)
    }

    @Test("the screen renders texts, buttons and links")
    func screen() throws {
        let run = try launchTestApp()
        defer { run.finish() }

        #expect(run.runtime.screen.lines == ["Taps: 0", "[ Tap ]", "[ Pick > ]"])
        #expect(run.runtime.screen.contains("Pick"))
        #expect(!run.runtime.screen.contains("Espresso"))
        #expect(run.runtime.screen.description == "Taps: 0\n[ Tap ]\n[ Pick > ]")
    }

    @Test("tap runs a button's action, follows a link, and a dismissing button closes its view")
    func tap() throws {
        let run = try launchTestApp()
        defer { run.finish() }

        try run.runtime.tap("Tap")
        try run.runtime.tap("Tap")
        #expect(run.model.taps == 2)
        #expect(run.runtime.screen.lines.first == "Taps: 2")

        try run.runtime.tap("Pick")
        #expect(run.runtime.screen.lines == ["Picked: none", "[ Keep looking ]", "[ Espresso ]"])
        try run.runtime.tap("Keep looking")
        #expect(run.runtime.screen.lines.first == "Picked: nothing yet")

        try run.runtime.tap("Espresso")
        #expect(run.model.picked == "Espresso")
        #expect(run.runtime.screen.lines.first == "Taps: 2")

        try run.runtime.tap("Pick")
        run.runtime.goBack()
        #expect(run.runtime.screen.lines.first == "Taps: 2")
    }

    @Test("tapping a label that is no button throws NoSuchButton with the screen")
    func noSuchButton() throws {
        let run = try launchTestApp()
        defer { run.finish() }

        let error = #expect(throws: NoSuchButton.self) { try run.runtime.tap("Add Drink") }
        #expect(error?.label == "Add Drink")
        #expect(error?.screen.lines == ["Taps: 0", "[ Tap ]", "[ Pick > ]"])
        // A text line is not a button.
        #expect(throws: NoSuchButton.self) { try run.runtime.tap("Taps: 0") }
        #expect(run.model.taps == 0)
    }

    @Test("terminate puts the app in the background and stops its UI, complication and tasks")
    func terminate() throws {
        let run = try launchTestApp()
        defer { run.finish() }
        run.delegate.forgetCalls()

        run.runtime.terminate()
        #expect(run.runtime.isTerminated)
        #expect(run.runtime.applicationState == .background)
        #expect(run.delegate.calls == ["willResignActive [active]", "didEnterBackground [background]"])
        #expect(run.runtime.screen.lines == ["(not running)"])
        #expect(throws: NoSuchButton.self) { try run.runtime.tap("Tap") }

        run.delegate.forgetCalls()
        run.runtime.complicationServer.reloadTimeline(for: .caffeine)
        run.runtime.deliverBackgroundRefresh()
        #expect(run.dataSource.asked.count == 0)
        #expect(run.runtime.complicationServer.reloadCount == 0)
        #expect(run.delegate.calls.isEmpty)
        #expect(run.delegate.tasks.isEmpty)
    }
}
