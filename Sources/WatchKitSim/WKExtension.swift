import Foundation
import HealthKitSim
import SimSupport

/// The simulated watchOS runtime for one run of an app: it launches the app, moves it
/// between foreground and background, delivers background refresh tasks, owns the
/// complication server, draws the app's text UI and taps it, and records what the app did.
///
/// Its API, like WatchKit's, is main-thread only (Apple declares the class `@MainActor`).
/// A call from another thread is recorded in `record.offMainCalls` and carried out at the
/// runtime's next turn on main (real WatchKit would misbehave), so one mistake does not
/// hide the next. The runtime's turn comes from its own heartbeat (`mainTurn`), never
/// from a dispatch by the calling thread, which would order that thread's accesses before
/// main's for TSan: synchronisation the app does not have.
///
/// watchOS 7 renamed the class `WKApplication` and its delegate `WKApplicationDelegate`;
/// both names are here, for the same class (see `Steps/FIDELITY.md`).
@preconcurrency @MainActor
public final class WKExtension {
    public nonisolated let device: WatchDevice
    // Unsafe but sound: a `let`, and the server is callable from any thread, as in ClockKit.
    public nonisolated(unsafe) let complicationServer: CLKComplicationServer
    @preconcurrency
    public private(set) var applicationState = WKApplicationState.inactive {
        didSet { inBackground.withLock { $0 = applicationState == .background } }
    }
    /// `applicationState == .background`, for a task completed on any thread.
    nonisolated let inBackground = SimLock(false)
    /// What the app did, as the runtime saw it.
    public var record: RuntimeRecord {
        var record = calls
        record.completions = completionLog.entries
        record.offMainCalls = offMainCalls.withLock { $0 }
        record.offMainPublishes = rendered.offMainPublishes
        return record
    }
    private var calls = RuntimeRecord()
    /// Tasks may be completed from any thread, so their completions have a log of their own.
    nonisolated let completionLog = CompletionLog()
    public private(set) var isTerminated = false

    private var delegate: (any WKExtensionDelegate)?
    private var views: [any WKView] = []
    /// What the runtime drew last (see `Rendering.swift`).
    var rendered = RenderedScreen()
    private let watchdog = Watchdog()
    private var nextTaskIdentifier = 1
    private var deliveredTasks: [WKRefreshBackgroundTask] = []

    private init(device: WatchDevice) {
        self.device = device
        complicationServer = CLKComplicationServer(timeline: device.timeline)
    }

    /// The app launched last. A simulated watch runs one app at a time (see `OneAppAtATime`).
    nonisolated static var running: WKExtension? {
        get { Unseen.run { runningExtension } }
        set {
            Unseen.prepare()
            Unseen.run { runningExtension = newValue }
        }
    }
    // Read from any thread (`CLKComplicationServer.sharedInstance()`), written at launch,
    // before any app thread exists. Not a lock, not a lazily initialised global (TSan on
    // Linux treats either as one): a plain static with a constant initial value, touched
    // only out of TSan's sight (`Unseen`).
    nonisolated(unsafe) private static var runningExtension: WKExtension?

    /// Asked from any thread (see `MainQueue` for why not `MainQueue.isCurrent`).
    nonisolated let mainQueue = MainQueue.shared
    /// What `@Published` properties announce (taken here, on main: see `PublishedChanges`).
    let publishedChanges = PublishedChanges.shared

    /// Loops over `NotificationCenter.notifications(named:)` waiting now off the main actor,
    /// counted by the sequence (Linux, where the simulator supplies it; 0 elsewhere). For a
    /// race scenario: such a loop runs at once when a notification comes.
    public nonisolated let notificationLoopsWaitingOffMain = Gauge()

    /// Notifications such a loop has taken (the same loops, counted as events): a loop that
    /// hands its work to main and waits again at once leaves the gauge where it was.
    public nonisolated let notificationsTakenOffMain = EventCounter()

    /// Main-thread-only calls made from other threads, in order (see `noteOffMainCall`).
    private nonisolated let offMainCalls = SimLock<[String]>([])

    /// Main-thread work that app threads asked for, carried out at the next `mainTurn`.
    nonisolated let askedOffMain = SimLock<[@MainActor () -> Void]>([])

    /// The running app's extension object, as `WKExtension.shared()` returns it on watchOS
    /// (a class method there too).
    @preconcurrency
    public class func shared() -> WKExtension {
        guard let running = Self.running else {
            preconditionFailure("WKExtension.shared() called while no app is running")
        }
        return running
    }

    /// Launches an app on a device: builds its scene, then calls
    /// `applicationDidFinishLaunching()` and `applicationDidBecomeActive()`.
    public static func launch(_ app: any WatchApp.Type, on device: WatchDevice) -> WKExtension {
        precondition(OneAppAtATime.holdsTurn, "launch an app inside OneAppAtATime.shared.run, so that no two overlap")
        let runtime = WKExtension(device: device)
        Self.running = runtime
        HealthDatabase.running = device.health
        device.ledger?.ledger.note(.launched)
        let scene = app.makeScene(for: runtime)
        runtime.delegate = scene.delegate
        runtime.views = [scene.rootView]
        runtime.complicationServer.owner = runtime
        // Made after the scene, as ClockKit makes it when the watch face first needs data.
        runtime.complicationServer.dataSource = scene.complicationDataSourceClass.init()
        _ = runtime.publishedChanges.takeOffMain()
        _ = runtime.publishedChanges.takeStoredOffMain()
        onScreen = runtime
        runtime.publishedChanges.record(in: device.timeline)
        runtime.watchdog.start(timeline: device.timeline) { [weak runtime] in runtime?.mainTurn() }
        scene.delegate.applicationDidFinishLaunching()
        runtime.applicationState = .active
        scene.delegate.applicationDidBecomeActive()
        runtime.render()
        return runtime
    }

    // MARK: WatchKit API (main thread only)

    /// Asks watchOS for a background refresh near `preferredFireDate`. As on watchOS, the
    /// completion is a plain closure that the system calls later, after this method has
    /// returned (here: on the main queue, which Apple does not document).
    @preconcurrency
    public func scheduleBackgroundRefresh(
        withPreferredDate preferredFireDate: Date, userInfo: (any NSSecureCoding & NSObjectProtocol)?,
        scheduledCompletion: @escaping ((any Error)?) -> Void
    ) {
        nonisolated(unsafe) let completion = scheduledCompletion
        // Sound: the completion is only ever called on the main queue, below.
        guard mainQueue.isCurrent else {
            noteOffMainCall("WKExtension.scheduleBackgroundRefresh")
            askedOffMain.withLock { asked in
                asked.append {
                    self.scheduleBackgroundRefresh(withPreferredDate: preferredFireDate, userInfo: nil, scheduledCompletion: completion)
                }
            }
            return
        }
        device.timeline?.note(.refreshScheduled, "schedule the next refresh")
        calls.scheduledRefreshes.append(preferredFireDate)
        device.ledger?.ledger.note(.refreshScheduled)
        DispatchQueue.main.async { completion(nil) }
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
        render()
    }

    /// Wakes the app in the background with a refresh task, as a scheduled refresh does.
    @discardableResult
    public func deliverBackgroundRefresh() -> WKApplicationRefreshBackgroundTask {
        enterBackground()
        let task = WKApplicationRefreshBackgroundTask(identifier: nextTaskIdentifier, owner: self)
        nextTaskIdentifier += 1
        calls.deliveredTasks.append(task.identifier)
        deliveredTasks.append(task)
        device.timeline?.note(.taskDelivered, "background task #\(task.identifier) delivered")
        device.ledger?.ledger.note(.taskDelivered(task: task.identifier))
        DeliveredTask.$current.withValue(task.identifier) { delegate?.handle([task]) }
        return task
    }

    /// Tells the app its background time is running out: calls the expiration handler of
    /// every task delivered and not completed yet, each on a background queue. WatchKit does
    /// not say which queue; an app cannot count on main (see `Steps/FIDELITY.md`).
    public func expireBackgroundTasks() {
        let completed = Set(completionLog.entries.map(\.taskIdentifier))
        for task in deliveredTasks where !completed.contains(task.identifier) {
            DispatchQueue.global().async { task.expirationHandler?() }
        }
    }

    /// The screen as the user sees it: as the runtime last drew it. The runtime draws at
    /// launch, on navigation and on entering the foreground, after the app publishes a
    /// change (`Published`), and when the watch's clock has moved.
    public var screen: Screen { rendered.screen }

    /// Draws the top view now: its body is built from the app's state, on main.
    func render() {
        rendered.draw(views.last, at: device.clock.now)
    }

    /// Taps the button or link with this label on the screen as last drawn.
    public func tap(_ label: String) throws {
        for element in rendered.elements {
            switch element {
            case .button(label, let dismisses, let action):
                action()
                if dismisses && views.count > 1 {
                    views.removeLast()
                    render()
                }
                return
            case .link(label, let destination):
                views.append(destination())
                render()
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
        render()
    }

    /// The longest time the main queue was blocked since launch or the last reset.
    public var longestMainStall: Duration { watchdog.longestStall }

    public func resetStallMeasurement() { watchdog.reset() }

    /// How many heartbeats the watchdog has posted to main (each one a turn of the runtime's).
    public var heartbeatsPosted: Int { watchdog.beatsPosted }

    /// Ends this run of the app: it goes to the background and its objects are released.
    /// Work it left running (a save on a queue, say) still finishes.
    public func terminate() {
        enterBackground()
        watchdog.stop()
        delegate = nil
        views = []
        render()
        complicationServer.dataSource = nil
        isTerminated = true
        // `running` stays: work the app left running reaches this terminated runtime, whose
        // complication server has no data source any more, until the next launch.
    }

    // MARK: The runtime's turn on main

    /// Records, at the call, a main-thread-only API the app called from another thread.
    nonisolated func noteOffMainCall(_ api: String) {
        device.timeline?.note(.offMainCall, "\(api) called off main")
        offMainCalls.withLock { $0.append(api) }
    }

    /// Runs on the main thread at every heartbeat of the watchdog: carries out what app
    /// threads asked of the runtime since the last turn. Work reaches main this way, and
    /// not by a dispatch from the asking thread, so the simulators add no happens-before
    /// edge between an app thread and the main thread (see `Watchdog`).
    private func mainTurn() {
        let asked = askedOffMain.withLock { asked in
            defer { asked = [] }
            return asked
        }
        for work in asked { work() }
        complicationServer.reloadIfAskedOffMain()
        renderAtTurn()
    }
}
