import Dispatch
import Foundation
import SimSupport
import Synchronization

/// What the runtime drew last: the screen the user sees, and the elements a tap reaches.
@MainActor
struct RenderedScreen {
    private(set) var screen = Screen(lines: ["(not running)"])
    private(set) var elements: [ViewElement] = []
    /// Renders since launch.
    private(set) var count = 0
    /// Of those, the renders the runtime drew at its own turns on main (`renderAtTurn()`).
    var countAtTurns = 0
    /// The watch's time at the last render: the screen shows values that change with it.
    private(set) var time: Date?
    /// A render is queued for the end of the current turn of the main queue.
    var isScheduled = false
    /// Changes the app published off the main thread.
    var offMainPublishes = 0
    /// Work to run at the start of the next turn, before it draws (`atNextTurn(_:)`).
    var workAtNextTurn: [@MainActor () -> Void] = []

    /// Builds `view`'s body (the app's code, on main) and keeps what it shows.
    mutating func draw(_ view: (any WKView)?, at now: Date) {
        elements = view?.body ?? []
        screen = view == nil ? Screen(lines: ["(not running)"]) : Screen(lines: elements.map(\.line))
        time = now
        count += 1
    }
}

extension ViewElement {
    var line: String {
        switch self {
        case .text(let text): text
        case .button(let label, _, _): "[ \(label) ]"
        case .link(let label, _): "[ \(label) > ]"
        }
    }
}

/// Where `@Published` announces a change, for the whole process (the simulated watch runs
/// one app at a time, see `OneAppAtATime`).
///
/// Each published property's box and each runtime keep the one instance, taken on the
/// main thread when they are made; the changing threads never touch a global (on Linux,
/// TSan treats every access to a lazily initialised global as a lock). The off-main count
/// is relaxed, like `EventCounter`: the changing thread hands nothing over to main, so TSan
/// still sees only the app's own synchronisation between its write and the render's read.
public final class PublishedChanges: Sendable {
    static let shared = PublishedChanges()

    private let mainQueue = MainQueue.shared
    private let offMain = Atomic<Int>(0)
    /// The running app's timeline, when it records one (set at launch, on main).
    private let timeline = SimLock<TimelineRecorder?>(nil)
    /// Whether `timeline` holds one: relaxed, so that a run that records nothing pays one
    /// load per change.
    private let recording = Atomic<Bool>(false)

    func record(in recorder: TimelineRecorder?) {
        timeline.withLock { $0 = recorder }
        recording.store(recorder != nil, ordering: .relaxed)
    }

    /// "CoffeeData.currentDrinks": the stored property of `object` whose storage is `box`,
    /// found by reflection (recording only; key paths print no names on Linux).
    private static func name(of box: AnyObject, in object: AnyObject) -> String {
        let property = Mirror(reflecting: object).children.first { child in
            (child.value as? PublishedStorage)?.storageBox === box
        }?.label.map { $0.hasPrefix("_") ? String($0.dropFirst()) : $0 }
        return "\(type(of: object)).\(property ?? "?")"
    }
    private let storedOffMain = Atomic<Int>(0)

    /// Called by `@Published` before it stores a new value, on the thread that changes it.
    /// On the main thread: render at the end of this turn of the main queue, once however
    /// many changes the turn makes. Elsewhere: no dispatch (it would order the changing
    /// thread's accesses before the render for TSan, which the app does not do); the
    /// runtime's own next turn on main draws it (`renderAtTurn()`).
    @usableFromInline
    func willChange(in object: AnyObject, box: AnyObject) {
        if recording.load(ordering: .relaxed), let timeline = timeline.withLock({ $0 }) {
            timeline.note(.published, "publish \(Self.name(of: box, in: object))")
        }
        if mainQueue.isCurrent {
            MainActor.assumeIsolated { WKExtension.onScreen?.setNeedsRender() }
        } else {
            offMain.add(1, ordering: .relaxed)
        }
    }

    /// Called by `@Published` after it stored a new value. Off the main thread, the
    /// runtime's next turn draws again: the turn that drew the announcement may have come
    /// before the value was stored. (SwiftUI would go on showing the old value until the
    /// next change; a stale screen is no lesson of this kit, and it would make what a
    /// check reads depend on the machine's speed.)
    @usableFromInline
    func didChange() {
        if !mainQueue.isCurrent { storedOffMain.add(1, ordering: .relaxed) }
    }

    /// The changes published off the main thread since the last call.
    func takeOffMain() -> Int { offMain.exchange(0, ordering: .relaxed) }

    /// The values stored off the main thread since the last call.
    func takeStoredOffMain() -> Int { storedOffMain.exchange(0, ordering: .relaxed) }

    /// The values stored off the main thread since the last `takeStoredOffMain()`.
    var storedOffMainSinceTake: Int { storedOffMain.load(ordering: .relaxed) }
}

extension WKExtension {
    /// The runtime that a change published on the main thread redraws: the app launched last.
    @MainActor static weak var onScreen: WKExtension?

    /// Renders at the end of the current turn of the main queue (once, however many
    /// changes the turn makes).
    func setNeedsRender() {
        guard !rendered.isScheduled else { return }
        rendered.isScheduled = true
        DispatchQueue.main.async { [weak self] in
            guard let self else { return }
            self.rendered.isScheduled = false
            self.render()
        }
    }

    /// At each of the runtime's turns on main: draws what the app published off the main
    /// thread since the last turn (and again at the turn after the value was stored), and
    /// draws again when the watch's clock has moved (the screen shows the caffeine level
    /// now, as a SwiftUI `TimelineView` would redraw it).
    func renderAtTurn() {
        let work = rendered.workAtNextTurn
        rendered.workAtNextTurn = []
        for item in work { item() }
        let published = publishedChanges.takeOffMain()
        rendered.offMainPublishes += published
        let stored = publishedChanges.takeStoredOffMain()
        if published > 0 || stored > 0 || rendered.time != device.clock.now {
            rendered.countAtTurns += 1
            render()
        }
    }

    /// Values the app stored in `@Published` properties off the main thread since the
    /// runtime's last turn on main: what its next turn will draw. A relaxed count, for a
    /// scenario that keeps main busy until the app has published (see `Gate`).
    public var storedOffMainSinceTurn: Int { publishedChanges.storedOffMainSinceTake }

    /// Runs `work` on the main thread at the start of the runtime's next turn, before the
    /// turn draws what changed: the system keeping the main thread busy (a long animation,
    /// say). What the app publishes off main meanwhile is drawn by the same turn, right
    /// after `work`, in the same turn of the main queue: with no wake-up of the main queue
    /// in between, which ThreadSanitizer would take as synchronisation with every thread
    /// that queued work for main meanwhile.
    public func atNextTurn(_ work: @escaping @MainActor () -> Void) {
        rendered.workAtNextTurn.append(work)
    }

    /// How many times the runtime has drawn the screen since launch.
    public var renderCount: Int { rendered.count }
}
