import Dispatch
import Foundation
import HealthKitSim
import SimSupport
import Testing
import WatchKitSim

/// `WKExtension`: the life cycle it drives, the background tasks it delivers and checks,
/// its record of main-thread-only calls made off the main thread (and of the calls that
/// may come from any thread, which it does not record), and the text UI.
@Suite("WatchKitSim: the runtime")
@MainActor
struct RuntimeTests {
    @Test("an app launched outside OneAppAtATime traps, so no two apps (and no watchdog measurements) overlap")
    func launchOutsideTheTurnTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let device = try WatchDevice()
            defer { device.erase() }
            _ = await MainActor.run { WKExtension.launch(TestApp<HandlerDataSource>.self, on: device) }
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("inside OneAppAtATime.shared.run"), "stderr: \(stderr)")
    }

    @Test("launch calls applicationDidFinishLaunching while inactive, then applicationDidBecomeActive once active")
    func launch() async throws {
        try await withTestApp { run in
            #expect(run.delegate.calls == ["didFinishLaunching [inactive]", "didBecomeActive [active]"])
            #expect(run.runtime.applicationState == .active)
            #expect(!run.runtime.isTerminated)
        }
    }

    @Test("launch makes the app the running one: WKExtension.shared(), CLKComplicationServer.sharedInstance() and HealthDatabase.running answer for it")
    func launchMakesRunning() async throws {
        try await withTestApp { run in
            #expect(WKExtension.shared() === run.runtime)
            #expect(CLKComplicationServer.sharedInstance() === run.runtime.complicationServer)
            #expect(HealthDatabase.running === run.device.health)
        }
    }

    @Test("enterBackground and enterForeground call the delegate and change applicationState")
    func backgroundAndForeground() async throws {
        try await withTestApp { run in
            run.delegate.forgetCalls()

            run.runtime.enterBackground()
            #expect(run.runtime.applicationState == .background)
            #expect(run.delegate.calls == ["willResignActive [active]", "didEnterBackground [background]"])

            run.delegate.forgetCalls()
            run.runtime.enterForeground()
            #expect(run.runtime.applicationState == .active)
            #expect(run.delegate.calls == ["willEnterForeground [background]", "didBecomeActive [active]"])
        }
    }

    @Test("deliverBackgroundRefresh puts the app in the background and hands it an application refresh task")
    func deliverRefresh() async throws {
        try await withTestApp { run in
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
    }

    @Test("setTaskCompletedWithSnapshot records each completion with the I/O in flight at the call")
    func completions() async throws {
        try await withTestApp { run in
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
    }

    @Test("a completion records the name of the Swift task that made it: none from an unnamed task or a queue")
    func completionTaskName() async throws {
        try await withTestApp { run in
            let task = run.runtime.deliverBackgroundRefresh()
            await Task(name: "Background refresh") { task.setTaskCompletedWithSnapshot(false) }.value
            await Task { task.setTaskCompletedWithSnapshot(false) }.value
            let fromQueue = Box<Bool>()
            startInBackground {
                task.setTaskCompletedWithSnapshot(false)
                fromQueue.put(true)
            }
            _ = try await awaitValue(fromQueue, "the completion made on a queue")

            // Before the Swift 6.2 runtime (Apple's 26 systems) no task's name can be read.
            let named: String? = if #available(macOS 26, iOS 26, watchOS 26, tvOS 26, visionOS 26, *) { "Background refresh" } else { nil }
            #expect(run.record.completions.map(\.taskName) == [named, nil, nil])
        }
    }

    @Test("scheduleBackgroundRefresh called off the main thread is recorded, then carried out on it, its completion on main")
    func scheduleOffMain() async throws {
        try await withTestApp { run in
            let runtime = run.runtime
            let date = SimClock.morning + hour
            let scheduled = Box<(succeeded: Bool, onMainQueue: Bool)>()
            let called = Box<Bool>()

            // The method is main-actor isolated: only a Swift 5 mode app can make this call.
            callOffMain {
                runtime.scheduleBackgroundRefresh(withPreferredDate: date, userInfo: nil) { error in
                    scheduled.put((error == nil, MainQueue.isCurrent))
                }
                called.put(MainQueue.isCurrent)
            }
            #expect(try await awaitValue(called, "the off-main call") == false)
            let (succeeded, onMainQueue) = try await awaitValue(scheduled, "the scheduled completion")

            #expect(succeeded)
            #expect(onMainQueue)
            #expect(run.record.offMainCalls == ["WKExtension.scheduleBackgroundRefresh"])
            #expect(run.record.scheduledRefreshes == [date])
        }
    }

    @Test("setTaskCompletedWithSnapshot and reloadTimeline may be called from any thread and are not recorded as off-main calls")
    func anyThreadCalls() async throws {
        try await withTestApp { run in
            let task = run.runtime.deliverBackgroundRefresh()
            let server = run.runtime.complicationServer
            let called = Box<Bool>()

            // Plain calls from a background thread: neither class has an actor annotation.
            startInBackground {
                task.setTaskCompletedWithSnapshot(false)
                CLKComplicationServer.sharedInstance().reloadTimeline(for: .caffeine)
                called.put(MainQueue.isCurrent)
            }
            #expect(try await awaitValue(called, "the calls from a background thread") == false)
            #expect(run.record.completionCount(of: task.identifier) == 1)
            try await waitUntil("the complication entry") { server.reloadCount == 1 }
            #expect(server.currentEntry?.text == "handler 1 mg")

            try await mainQueueDrained()
            #expect(run.record.offMainCalls.isEmpty)
        }
    }

    @Test("scheduleBackgroundRefresh on the main thread records the date at once and calls its completion later, on main")
    func scheduleOnMain() async throws {
        try await withTestApp { run in
            let date = SimClock.morning + hour
            let scheduled = Box<(succeeded: Bool, onMainQueue: Bool, afterReturn: Bool)>()
            var returned = false

            run.runtime.scheduleBackgroundRefresh(withPreferredDate: date, userInfo: nil) { error in
                scheduled.put((error == nil, MainQueue.isCurrent, returned))
            }
            returned = true
            #expect(run.record.scheduledRefreshes == [date])
            #expect(scheduled.value == nil, "the completion ran inside the call")

            let (succeeded, onMainQueue, afterReturn) = try await awaitValue(scheduled, "the scheduled completion")
            #expect(succeeded)
            #expect(onMainQueue)
            #expect(afterReturn)

            // Nothing else was queued for later.
            try await mainQueueDrained()
            #expect(run.record.offMainCalls.isEmpty)
            #expect(run.record.scheduledRefreshes.count == 1)
        }
    }

    @Test("the screen renders texts, buttons and links")
    func screen() async throws {
        try await withTestApp { run in
            #expect(run.runtime.screen.lines == ["Taps: 0", "[ Tap ]", "[ Pick > ]"])
            #expect(run.runtime.screen.contains("Pick"))
            #expect(!run.runtime.screen.contains("Espresso"))
            #expect(run.runtime.screen.description == "Taps: 0\n[ Tap ]\n[ Pick > ]")
        }
    }

    @Test("tap runs a button's action, follows a link, and a dismissing button closes its view")
    func tap() async throws {
        try await withTestApp { run in
            try run.runtime.tap("Tap")
            try run.runtime.tap("Tap")
            #expect(run.model.taps == 2)
            // The model changed on main: the runtime draws it at the end of this turn.
            try await nextRender(of: run.runtime)
            #expect(run.runtime.screen.lines.first == "Taps: 2")

            // Navigation is drawn at once.
            try run.runtime.tap("Pick")
            #expect(run.runtime.screen.lines == ["Picked: none", "[ Keep looking ]", "[ Espresso ]"])
            try run.runtime.tap("Keep looking")
            try await nextRender(of: run.runtime)
            #expect(run.runtime.screen.lines.first == "Picked: nothing yet")

            try run.runtime.tap("Espresso")
            #expect(run.model.picked == "Espresso")
            #expect(run.runtime.screen.lines.first == "Taps: 2")

            try run.runtime.tap("Pick")
            run.runtime.goBack()
            #expect(run.runtime.screen.lines.first == "Taps: 2")
        }
    }

    @Test("tapping a label that is no button throws NoSuchButton with the screen")
    func noSuchButton() async throws {
        try await withTestApp { run in
            let error = #expect(throws: NoSuchButton.self) { try run.runtime.tap("Add Drink") }
            #expect(error?.label == "Add Drink")
            #expect(error?.screen.lines == ["Taps: 0", "[ Tap ]", "[ Pick > ]"])
            // A text line is not a button.
            #expect(throws: NoSuchButton.self) { try run.runtime.tap("Taps: 0") }
            #expect(run.model.taps == 0)
        }
    }

    @Test("terminate puts the app in the background and stops its UI, complication and tasks")
    func terminate() async throws {
        try await withTestApp { run in
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
            try await mainQueueDrained()
            #expect(run.dataSource.asked.count == 0)
            #expect(run.runtime.complicationServer.reloadCount == 0)
            #expect(run.delegate.calls.isEmpty)
            #expect(run.delegate.tasks.isEmpty)
        }
    }
}
