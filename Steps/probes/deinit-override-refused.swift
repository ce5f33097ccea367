// probe: -swift-version 6 -default-isolation MainActor
// watch: the compiler infers an isolated deinit under the default since 6.2 (swiftlang/swift#82670); SE-0371 and SE-0466 do not say so
// A subclass may add isolation to a nonisolated base deinit but cannot remove or change
// an isolation its base has (SE-0371). Under main-actor default isolation a base class
// with no deinit gets an isolated one, so a subclass cannot make its own teardown
// nonisolated, whether it writes `nonisolated deinit {}` or a plain `deinit {}`. Only the
// root can start the change.
class Gallery {                         // the other way is allowed: a subclass may add
    let id: Int                         // isolation to a nonisolated base deinit
    init(id: Int) { self.id = id }
    nonisolated deinit { }
}
final class PhotoGallery: Gallery {
    isolated deinit { }                 // accepted: it adds the main actor
}
class Screen {                          // no deinit: isolated to the main actor here
    let id: Int
    init(id: Int) { self.id = id }
}
final class DetailScreen: Screen {
    nonisolated deinit { }              // refused: the base's deinit is main-actor isolated
}
final class ListScreen: Screen {
    deinit { }                          // refused too: a plain deinit is nonisolated
}
