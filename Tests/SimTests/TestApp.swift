import Dispatch
import Foundation
import SimSupport
import WatchKitSim

// A tiny app for the runtime to launch: a delegate that records what watchOS calls, a
// complication data source, and two views.

/// The app's state, shown by its views.
@MainActor
final class TestModel {
    var taps = 0
    var picked: String?
}

@MainActor
final class TestDelegate: WKExtensionDelegate {
    weak var runtime: WKExtension?
    /// Each call, with the application state the runtime reported during it.
    private(set) var calls: [String] = []
    private(set) var tasks: [WKRefreshBackgroundTask] = []

    func applicationDidFinishLaunching() { note("didFinishLaunching") }
    func applicationDidBecomeActive() { note("didBecomeActive") }
    func applicationWillResignActive() { note("willResignActive") }
    func applicationDidEnterBackground() { note("didEnterBackground") }
    func applicationWillEnterForeground() { note("willEnterForeground") }

    /// Keeps the tasks: the tests complete them.
    func handle(_ backgroundTasks: Set<WKRefreshBackgroundTask>) {
        tasks.append(contentsOf: backgroundTasks)
        note("handle(\(backgroundTasks.count))")
    }

    func forgetCalls() { calls = [] }

    private func note(_ call: String) {
        calls.append("\(call) [\(runtime.map { "\($0.applicationState)" } ?? "no runtime")]")
    }
}

struct RootView: WKView {
    let model: TestModel

    var body: [ViewElement] {
        [
            .text("Taps: \(model.taps)"),
            .button("Tap") { model.taps += 1 },
            .link("Pick") { PickerView(model: model) },
        ]
    }
}

struct PickerView: WKView {
    let model: TestModel

    var body: [ViewElement] {
        [
            .text("Picked: \(model.picked ?? "none")"),
            .button("Keep looking") { model.picked = "nothing yet" },
            .button("Espresso", dismisses: true) { model.picked = "Espresso" },
        ]
    }
}

/// A complication entry showing "<text> mg".
func timelineEntry(_ text: String) -> CLKComplicationTimelineEntry {
    CLKComplicationTimelineEntry(
        date: SimClock.morning,
        complicationTemplate: CLKComplicationTemplateModularSmallStackText(
            line1TextProvider: CLKSimpleTextProvider(text: text),
            line2TextProvider: CLKSimpleTextProvider(text: "mg")
        )
    )
}

/// A data source that counts how often the server asked it.
protocol TestDataSource: CLKComplicationDataSource, Sendable {
    init()
    var asked: EventCounter { get }
}

/// Implements only the completion-handler form, and answers at once.
final class HandlerDataSource: TestDataSource {
    let asked = EventCounter()

    func getCurrentTimelineEntry(
        for complication: CLKComplication,
        withHandler handler: @escaping @Sendable (CLKComplicationTimelineEntry?) -> Void
    ) {
        asked.increment()
        handler(timelineEntry("handler \(asked.count)"))
    }
}

/// Implements only the async form.
final class AsyncDataSource: TestDataSource {
    let asked = EventCounter()

    func currentTimelineEntry(for complication: CLKComplication) async -> CLKComplicationTimelineEntry? {
        asked.increment()
        return timelineEntry("async \(asked.count)")
    }
}

/// Implements the completion-handler form but calls the handler on a queue of its own: a
/// mistake the server must record.
final class OffMainDataSource: TestDataSource {
    let asked = EventCounter()

    func getCurrentTimelineEntry(
        for complication: CLKComplication,
        withHandler handler: @escaping @Sendable (CLKComplicationTimelineEntry?) -> Void
    ) {
        asked.increment()
        let text = "off main \(asked.count)"
        startInBackground { handler(timelineEntry(text)) }
    }
}

/// What the last `makeScene` built; read right after `WKExtension.launch`, on the main actor.
@MainActor private var lastScene: (delegate: TestDelegate, model: TestModel, dataSource: any TestDataSource)?

/// The test app's entry type, with the complication data source as a parameter.
enum TestApp<DataSource: TestDataSource>: WatchApp {
    @MainActor static func makeScene(for watchExtension: WKExtension) -> WatchScene {
        let delegate = TestDelegate()
        delegate.runtime = watchExtension
        let model = TestModel()
        let dataSource = DataSource()
        lastScene = (delegate, model, dataSource)
        return WatchScene(delegate: delegate, complicationDataSource: dataSource, rootView: RootView(model: model))
    }
}

/// One launch of the test app on its own device.
@MainActor
struct TestRun<DataSource: TestDataSource> {
    let device: WatchDevice
    let runtime: WKExtension
    let delegate: TestDelegate
    let model: TestModel
    let dataSource: DataSource

    var record: RuntimeRecord { runtime.record }

    /// Ends the run (stopping its watchdog) and erases the device.
    func finish() {
        runtime.terminate()
        device.erase()
    }
}

@MainActor
func launchTestApp<DataSource: TestDataSource>(
    with _: DataSource.Type = HandlerDataSource.self,
    configure: (inout WatchDevice.Configuration) -> Void = { _ in }
) throws -> TestRun<DataSource> {
    var configuration = WatchDevice.Configuration()
    configure(&configuration)
    let device = try WatchDevice(configuration)
    let runtime = WKExtension.launch(TestApp<DataSource>.self, on: device)
    let scene = lastScene!
    lastScene = nil
    return TestRun(
        device: device, runtime: runtime, delegate: scene.delegate, model: scene.model,
        dataSource: scene.dataSource as! DataSource
    )
}
