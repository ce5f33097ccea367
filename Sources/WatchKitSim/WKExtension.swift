import Foundation
import SimSupport

/// The simulated watchOS runtime for one run of an app: it launches the app, moves it
/// between foreground and background, delivers background refresh tasks, owns the
/// complication server, draws the app's text UI and taps it, and records what the app did.
///
/// Its API, like WatchKit's, is main-thread only. A call from another thread is recorded
/// in `record.offMainCalls` and carried out on the main thread afterwards (real WatchKit
/// would misbehave), so one mistake does not hide the next.
@preconcurrency @MainActor
public final class WKExtension {
    public nonisolated let device: WatchDevice
    public let complicationServer = CLKComplicationServer()
    public private(set) var applicationState = WKApplicationState.inactive
    public private(set) var record = RuntimeRecord()
    public private(set) var isTerminated = false

    private var delegate: (any WKExtensionDelegate)?
    private var views: [any WKView] = []
    private let watchdog = Watchdog()
    private var nextTaskIdentifier = 1

    private init(device: WatchDevice) {
        self.device = device
    }

    /// Launches an app on a device: builds its scene, then calls
    /// `applicationDidFinishLaunching()` and `applicationDidBecomeActive()`.
    public static func launch(_ app: any WatchApp.Type, on device: WatchDevice) -> WKExtension {
        let runtime = WKExtension(device: device)
        let scene = app.makeScene(for: runtime)
        runtime.delegate = scene.delegate
        runtime.views = [scene.rootView]
        runtime.complicationServer.owner = runtime
        runtime.complicationServer.dataSource = scene.complicationDataSource
        runtime.watchdog.start()
        scene.delegate.applicationDidFinishLaunching()
        runtime.applicationState = .active
        scene.delegate.applicationDidBecomeActive()
        return runtime
    }

    // MARK: WatchKit API (main thread only)

    public func scheduleBackgroundRefresh(
        withPreferredDate preferredFireDate: Date, userInfo: (any Sendable)?,
        scheduledCompletion: @escaping @Sendable ((any Error)?) -> Void
    ) {
        guard Self.isOnMainThread("WKExtension.scheduleBackgroundRefresh", owner: self, replay: {
            self.scheduleBackgroundRefresh(withPreferredDate: preferredFireDate, userInfo: userInfo, scheduledCompletion: scheduledCompletion)
        }) else { return }
        record.scheduledRefreshes.append(preferredFireDate)
        scheduledCompletion(nil)
    }

    // MARK: Driving the app (tests, the tracker day)

    public func enterBackground() {
        guard applicationState != .background else { return }
        delegate?.applicationWillResignActive()
        applicationState = .background
        delegate?.applicationDidEnterBackground()
    }

    public func enterForeground() {
        guard applicationState == .background else { return }
        delegate?.applicationWillEnterForeground()
        applicationState = .active
        delegate?.applicationDidBecomeActive()
    }

    /// Wakes the app in the background with a refresh task, as a scheduled refresh does.
    @discardableResult
    public func deliverBackgroundRefresh() -> WKApplicationRefreshBackgroundTask {
        enterBackground()
        let task = WKApplicationRefreshBackgroundTask(identifier: nextTaskIdentifier, owner: self)
        nextTaskIdentifier += 1
        record.deliveredTasks.append(task.identifier)
        delegate?.handle([task])
        return task
    }

    /// The screen as the user sees it now.
    public var screen: Screen {
        guard let top = views.last else { return Screen(lines: ["(not running)"]) }
        return Screen(lines: top.body.map { element in
            switch element {
            case .text(let text): text
            case .button(let label, _, _): "[ \(label) ]"
            case .link(let label, _): "[ \(label) > ]"
            }
        })
    }

    /// Taps the button or link with this label on the current screen.
    public func tap(_ label: String) throws {
        for element in views.last?.body ?? [] {
            switch element {
            case .button(label, let dismisses, let action):
                action()
                if dismisses && views.count > 1 { views.removeLast() }
                return
            case .link(label, let destination):
                views.append(destination())
                return
            default:
                continue
            }
        }
        throw NoSuchButton(label: label, screen: screen)
    }

    /// Closes the top view (the watch's back button).
    public func goBack() {
        if views.count > 1 { views.removeLast() }
    }

    /// The longest time the main queue was blocked since launch or the last reset.
    public var longestMainStall: Duration { watchdog.longestStall }

    public func resetStallMeasurement() { watchdog.reset() }

    /// Ends this run of the app: it goes to the background and its objects are released.
    /// Work it left running (a save on a queue, say) still finishes.
    public func terminate() {
        enterBackground()
        watchdog.stop()
        delegate = nil
        views = []
        complicationServer.dataSource = nil
        isTerminated = true
    }

    // MARK: Records

    func recordCompletion(of task: WKRefreshBackgroundTask, ioInFlight: Int) {
        record.completions.append(.init(taskIdentifier: task.identifier, ioInFlight: ioInFlight))
    }

    /// True when called on the main thread. Otherwise records `api` as called off the main
    /// thread and runs `replay` on the main queue later.
    nonisolated static func isOnMainThread(
        _ api: String, owner: WKExtension?, replay: @escaping @MainActor @Sendable () -> Void
    ) -> Bool {
        if MainQueue.isCurrent { return true }
        DispatchQueue.main.async {
            owner?.record.offMainCalls.append(api)
            replay()
        }
        return false
    }
}
