// source: https://github.com/swiftlang/swift-evolution/blob/main/proposals/0461-async-function-isolation.md
// flags: -swift-version 6
// expect: multiple-isolation-attributes
// wrong: NONISOLATED
// shape: (round 7, an unknown line) a main-actor model's method marked both `@MainActor` and `@concurrent` to fetch off main and update on main; the fix splits it: a `@concurrent` function returns the data, the main-actor method awaits it and assigns (`nonisolated` in place of `@concurrent`, NONISOLATED, is refused the same)
#if FIXED
@MainActor final class FeedModel {
    var items: [String] = []
    @concurrent func fetchItems() async -> [String] { ["first", "second"] }
    func refresh() async { items = await fetchItems() }
}
#elseif NONISOLATED
@MainActor final class FeedModel {
    var items: [String] = []
    @MainActor nonisolated func refresh() async { items = ["first", "second"] }
}
#else
@MainActor final class FeedModel {
    var items: [String] = []
    @MainActor @concurrent func refresh() async { items = ["first", "second"] }
}
#endif
