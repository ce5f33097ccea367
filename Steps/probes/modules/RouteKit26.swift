// probe: -swift-version 5
// A simulated SDK framework as an app imports it from SDK 26: a route tracker with a
// delegate and observers, declared as Objective-C headers reach Swift (every
// declaration `@preconcurrency`), with no isolation and no `Sendable` on either protocol.
// RouteKit27.swift is the same framework from the next SDK; only the annotations differ.
import Dispatch

/// Told about the route by the tracker, on the main queue (the framework's documentation).
@preconcurrency
public protocol RouteTrackerDelegate: AnyObject {
    @preconcurrency func tracker(_ tracker: RouteTracker, didRecord point: Int)
}

/// Told how many points the route has, on the tracker's own queue.
@preconcurrency
public protocol RouteObserver: AnyObject {
    @preconcurrency func routeDidChange(pointCount: Int)
}

@preconcurrency
public final class RouteTracker: @unchecked Sendable {
    @preconcurrency public weak var delegate: RouteTrackerDelegate?
    private var observers: [RouteObserver] = []
    private let queue = DispatchQueue(label: "RouteKit.tracker")
    private var points = 0

    @preconcurrency public init() {}

    @preconcurrency public func add(_ observer: RouteObserver) { queue.sync { observers.append(observer) } }

    /// Records a point: the delegate hears of it on the main queue, the observers on the
    /// tracker's queue; `done` runs after both.
    @preconcurrency public func record(_ point: Int, done: @escaping @Sendable () -> Void) {
        queue.async {
            self.points += 1
            let count = self.points
            self.observers.forEach { $0.routeDidChange(pointCount: count) }
            DispatchQueue.main.async {
                self.delegate?.tracker(self, didRecord: point)
                done()
            }
        }
    }
}
