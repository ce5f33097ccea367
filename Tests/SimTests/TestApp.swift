import Dispatch
import Foundation
import SimSupport
@testable import WatchKitSim

// A tiny app for the runtime to launch: a delegate that records what watchOS calls, a
// complication data source, and two views.

/// The app's state, shown by its views: a change is drawn by the runtime.
@MainActor
final class TestModel: ObservableObject {
    @Published var taps = 0
    @Published var picked: String?
}

@MainActor
final class TestDelegate: NSObject, WKExtensionDelegate {
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

/// How often the server asked a data source, and how often off the main queue.
final class Asked: Sendable {
    private let all = EventCounter()
    private let offMain = EventCounter()

    /// Called by a data source each time it is asked.
    func note() {
        all.increment()
        if !MainQueue.isCurrent { offMain.increment() }
    }

    var count: Int { all.count }
    var offMainCount: Int { offMain.count }
}

/// A data source that counts how often the server asked it. The protocol is `@MainActor`
/// (through `CLKComplicationDataSource`), so every conforming class is main-actor isolated.
protocol TestDataSource: CLKComplicationDataSource, Sendable {
    var asked: Asked { get }
}

/// Implements only the completion-handler form, and answers at once.
final class HandlerDataSource: NSObject, TestDataSource {
    let asked = Asked()

    func getCurrentTimelineEntry(
        for complication: CLKComplication,
        withHandler handler: @escaping (CLKComplicationTimelineEntry?) -> Void
    ) {
        asked.note()
        handler(timelineEntry("handler \(asked.count)"))
    }
}

/// Implements only the async form.
final class AsyncDataSource: NSObject, TestDataSource {
    let asked = Asked()

    func currentTimelineEntry(for complication: CLKComplication) async -> CLKComplicationTimelineEntry? {
        asked.note()
        return timelineEntry("async \(asked.count)")
    }
}

/// Implements the completion-handler form but calls the handler on a thread of its own: a
/// mistake the server must record.
///
/// The handler is not `@Sendable`, so Swift 6 refuses to send it to another thread; a
/// Swift 5 mode app (the first stages) sends it without a word. `nonisolated(unsafe)` makes
/// this Swift 6 file do what such an app does. The handler the server passes is main-actor
/// code by inference, but the compiler puts no run-time isolation check in it (the
/// protocol is declared in Swift 6, not imported), so the call reaches the server's record
/// instead of trapping; the test of this data source proves it by not crashing.
final class OffMainDataSource: NSObject, TestDataSource {
    let asked = Asked()

    func getCurrentTimelineEntry(
        for complication: CLKComplication,
        withHandler handler: @escaping (CLKComplicationTimelineEntry?) -> Void
    ) {
        asked.note()
        let text = "off main \(asked.count)"
        nonisolated(unsafe) let handler = handler
        startInBackground { handler(timelineEntry(text)) }
    }
}

/// Implements neither form: it compiles (each form has a default that calls the other),
/// and traps at the first request.
final class NeitherFormDataSource: NSObject, TestDataSource {
    let asked = Asked()
}

/// Notes, when the runtime makes it, how many scenes `TestApp` had built by then.
final class SceneAwareDataSource: NSObject, TestDataSource {
    let asked = Asked()
    let scenesMadeBefore: Int

    override init() {
        scenesMadeBefore = scenesMade
        super.init()
    }
}

/// How many scenes `TestApp.makeScene` has built in this process.
@MainActor private(set) var scenesMade = 0

/// What the last `makeScene` built; read right after `WKExtension.launch`, on the main actor.
@MainActor private var lastScene: (delegate: TestDelegate, model: TestModel)?

/// The test app's entry type, with the complication data source as a parameter.
enum TestApp<DataSource: TestDataSource>: WatchApp {
    @MainActor static func makeScene(for watchExtension: WKExtension) -> WatchScene {
        let delegate = TestDelegate()
        delegate.runtime = watchExtension
        let model = TestModel()
        lastScene = (delegate, model)
        scenesMade += 1
        return WatchScene(delegate: delegate, complicationDataSourceClass: DataSource.self, rootView: RootView(model: model))
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
}

/// Launches the test app, with `DataSource` as its complication data source, on a device of
/// its own; runs `body`; then always terminates the app and erases the device.
///
/// All of it runs inside `OneAppAtATime`: the SDK's process-wide entry points (`shared()`,
/// `sharedInstance()`, `isHealthDataAvailable()`) answer for one app, and the stages'
/// suites in this process launch theirs the same way, so two apps never overlap.
func withTestApp<DataSource: TestDataSource, T: Sendable>(
    _: DataSource.Type,
    configure: @Sendable (inout WatchDevice.Configuration) -> Void = { _ in },
    _ body: @MainActor @Sendable (TestRun<DataSource>) async throws -> T
) async throws -> T {
    var configuration = WatchDevice.Configuration()
    configure(&configuration)
    let deviceConfiguration = configuration
    return try await OneAppAtATime.shared.run { @MainActor in
        let device = try WatchDevice(deviceConfiguration)
        defer { device.erase() }
        let runtime = WKExtension.launch(TestApp<DataSource>.self, on: device)
        defer { runtime.terminate() }
        let scene = lastScene!
        lastScene = nil
        let run = TestRun(
            device: device, runtime: runtime, delegate: scene.delegate, model: scene.model,
            dataSource: runtime.complicationServer.dataSource as! DataSource
        )
        return try await body(run)
    }
}

/// `withTestApp(_:configure:_:)` with `HandlerDataSource`, the data source most tests need.
func withTestApp<T: Sendable>(
    configure: @Sendable (inout WatchDevice.Configuration) -> Void = { _ in },
    _ body: @MainActor @Sendable (TestRun<HandlerDataSource>) async throws -> T
) async throws -> T {
    try await withTestApp(HandlerDataSource.self, configure: configure, body)
}
