// probe: -swift-version 5
// A stand-in for a framework that marks its declarations `@preconcurrency`, built in the
// Swift 5 mode: two main-actor classes, one marked on the type only, and a class with no
// actor whose handler-taking methods are marked one but not the other; a class that is
// not `Sendable`, unmarked; one marked non-`Sendable`; and a marked main-actor protocol.

/// Marked on the type: its members take their isolation, and the mark, from it.
@preconcurrency @MainActor
open class MarkedScreen {
    public init() {}
    public func refresh() {}
}

/// The same class, unmarked.
@MainActor
open class UnmarkedScreen {
    public init() {}
    public func refresh() {}
}

/// Marked on the type, which has no actor for its members to inherit.
@preconcurrency
open class Loader {
    public init() {}
    /// Not marked itself: its `@Sendable` is the member's own.
    public func load(_ done: @escaping @Sendable () -> Void) {}
    /// Marked itself.
    @preconcurrency public func fetch(_ done: @escaping @Sendable () -> Void) {}
}

/// Not marked, and not `Sendable`: what a client may do with it depends on how it imports
/// the module.
public final class Report {
    public init() {}
    public var lines: [String] = []
}

/// Not `Sendable`, and saying so: the unavailable conformance is the Swift 5 way to mark a
/// type non-`Sendable` on purpose (SE-0302), which `@preconcurrency import` does not hide.
public final class Receipt {
    public init() {}
    public var lines: [String] = []
}

@available(*, unavailable)
extension Receipt: Sendable {}

/// A main-actor protocol, marked: a class that conforms takes its actor, and the mark,
/// from it, as an app's class does from ClockKit's data source protocol.
@preconcurrency @MainActor
public protocol FaceDataSource: AnyObject {
    func faceAppeared()
}
