// source: https://github.com/swiftlang/swift-evolution/blob/main/proposals/0466-control-default-actor-isolation.md
// flags: -swift-version 6 -default-isolation MainActor
// expect: isolated-outside-actor default-main-actor
// wrong: TYPE_ONLY
// shape: (round 7, a remark on dm/C2.swift) under default main-actor isolation a `@concurrent` function reads a protocol requirement through `T: Cacheable`: the protocol is main-actor too, so `nonisolated` on the conforming type alone (TYPE_ONLY) still fails; the fix marks the protocol `nonisolated` as well
#if FIXED
nonisolated protocol Cacheable {
    var cacheKey: String { get }
}
nonisolated struct Article: Cacheable, Sendable {
    var id: Int
    var cacheKey: String { "article-\(id)" }
}
#elseif TYPE_ONLY
protocol Cacheable {
    var cacheKey: String { get }
}
nonisolated struct Article: Cacheable, Sendable {
    var id: Int
    var cacheKey: String { "article-\(id)" }
}
#else
protocol Cacheable {
    var cacheKey: String { get }
}
struct Article: Cacheable, Sendable {
    var id: Int
    var cacheKey: String { "article-\(id)" }
}
#endif
final class DiskCache {
    @concurrent func store<T: Cacheable & Sendable>(_ items: [T]) async -> [String] {
        var keys: [String] = []
        for item in items { keys.append(item.cacheKey) }
        return keys
    }
    @concurrent func storeArticles(_ items: [Article]) async -> [String] {
        await store(items)
    }
}
