// source: https://docs.swift.org/compiler/documentation/diagnostics/isolated-conformances
// flags: -swift-version 6 -default-isolation MainActor
// expect: isolated-default-value actor-context
// shape: under default main-actor isolation, a Hashable struct keys an actor's dictionary
#if FIXED
nonisolated struct SearchKey: Hashable {
    var text: String
    var page: Int
}
actor SearchCache {
    private var hits: [SearchKey: [String]] = [:]
    func store(_ key: SearchKey, _ value: [String]) { hits[key] = value }
}
#else
struct SearchKey: Hashable {
    var text: String
    var page: Int
}
actor SearchCache {
    private var hits: [SearchKey: [String]] = [:]
    func store(_ key: SearchKey, _ value: [String]) { hits[key] = value }
}
#endif
