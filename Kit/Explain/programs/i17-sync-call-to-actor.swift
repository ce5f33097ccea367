// source: https://docs.swift.org/compiler/documentation/diagnostics/actor-isolated-call
// flags: -swift-version 6
// expect: call-isolated-sync actor-instance
// shape: a Sendable class's synchronous method calls a method of an actor it holds
#if FIXED
actor TokenStore {
    private var token: String?
    func current() -> String? { token }
}
final class Client: Sendable {
    let tokens = TokenStore()
    func headers() async -> [String: String] {
        guard let t = await tokens.current() else { return [:] }
        return ["Authorization": t]
    }
    func headers(on tokens: isolated TokenStore) -> [String: String] {
        guard let t = tokens.current() else { return [:] }
        return ["Authorization": t]
    }
}
#else
actor TokenStore {
    private var token: String?
    func current() -> String? { token }
}
final class Client: Sendable {
    let tokens = TokenStore()
    func headers() -> [String: String] {
        guard let t = tokens.current() else { return [:] }
        return ["Authorization": t]
    }
}
#endif
