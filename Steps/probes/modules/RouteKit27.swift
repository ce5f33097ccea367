// probe: -swift-version 5
// The simulated framework of RouteKit26.swift as an app imports it from the next SDK (27):
// the same code, with two annotations added to its headers, as Xcode 27's SDK added to
// some delegate protocols: the delegate protocol is now `@MainActor`, and the observer
// protocol now refines `Sendable`. Still an Objective-C import: `@preconcurrency`.
import Dispatch

/// Told about the route by the tracker, on the main queue (now in the header too).
@preconcurrency @MainActor
public protocol RouteTrackerDelegate: AnyObject {
    @preconcurrency func tracker(_ tracker: RouteTracker, didRecord point: Int)
}

/// Told how many points the route has, on the tracker's own queue; now `Sendable`.
@preconcurrency
public protocol RouteObserver: AnyObject, Sendable {
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
