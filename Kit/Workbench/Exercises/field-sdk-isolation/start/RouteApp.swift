import Foundation

/// Records the route the tracker reports; `export(_:)` reads it off the main actor.
public final class RouteRecorder: RouteTrackerDelegate {
    private let lock = NSLock()
    private var points: [Int] = []

    public init() {}

    public func tracker(_ tracker: RouteTracker, didRecord point: Int) { lock.withLock { points.append(point) } }
    public func summary() -> String { lock.withLock { "\(points.count) points" } }
}

/// Exports the route: a nonisolated async function, so it runs off the main actor. Against
/// SDK 27 the call to `summary()` stopped building; the `await` got it building again.
public func export(_ recorder: RouteRecorder) async -> String { await recorder.summary() }

/// The screen that shows the route's progress.
@MainActor public final class RouteScreen {
    public private(set) var received = 0

    public init() {}

    public func show(_ pointCount: Int) { received += 1 }
}

/// Passes the tracker's changes, which arrive on the tracker's queue, to the screen on main.
public final class ScreenObserver: RouteObserver {
    public weak var screen: RouteScreen?

    public init(_ screen: RouteScreen) { self.screen = screen }

    public func routeDidChange(pointCount: Int) {
        DispatchQueue.main.async { [screen] in screen?.show(pointCount) }
    }
}

/// Connects a screen to the tracker. The tracker keeps its observers for as long as it lives.
@MainActor public func connect(_ screen: RouteScreen, to tracker: RouteTracker) {
    tracker.add(ScreenObserver(screen))
}
