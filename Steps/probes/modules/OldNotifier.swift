// probe: -swift-version 5
// A stand-in for a framework that predates Swift concurrency, built as a module of its
// own in the Swift 5 mode, as an Objective-C framework reaches Swift: a block property, a
// block parameter and a delegate, none of them `@Sendable`, and no actor in sight. Only
// its documentation says where it calls back.
import Dispatch

/// Calls back on a private serial queue of its own, never on the caller's.
public final class Notifier {
    /// Called on the notifier's queue by `fire()`.
    public var handler: (() -> Void)?
    /// Told on the notifier's queue by `fire()`.
    public weak var delegate: NotifierDelegate?

    private let queue = DispatchQueue(label: "OldNotifier.queue")

    public init() {}

    /// Calls `handler` and then the delegate, later, on the notifier's queue.
    public func fire() {
        queue.async {
            self.handler?()
            self.delegate?.notifierFired()
        }
    }

    /// Calls `block` later, on the notifier's queue.
    public func notify(_ block: @escaping () -> Void) {
        queue.async { block() }
    }
}

public protocol NotifierDelegate: AnyObject {
    func notifierFired()
}
