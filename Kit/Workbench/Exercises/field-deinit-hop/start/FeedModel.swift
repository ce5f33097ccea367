/// A subscription to a feed, handed to the model by its owner. `cancel()` may be called
/// from any thread; it must be called once, when the model goes away.
public protocol FeedSubscription: Sendable {
    func cancel()
}

/// A screen's model. In the app it is main-actor by default isolation; this package builds
/// without that default, so the class says `@MainActor` itself.
@MainActor
public final class FeedModel {
    public private(set) var items: [String] = []
    private let subscription: any FeedSubscription
    /// Main-actor bookkeeping for when the model goes (the screen list forgets it).
    private let onClose: @MainActor @Sendable () -> Void

    public init(subscription: any FeedSubscription, onClose: @escaping @MainActor @Sendable () -> Void) {
        self.subscription = subscription
        self.onClose = onClose
    }

    public func show(_ item: String) { items.append(item) }

    /// Isolated, as the app's default made the deinit it did not write: the whole teardown
    /// is sent to the main actor when the last release happens anywhere else.
    isolated deinit {
        subscription.cancel()
        onClose()
    }
}
