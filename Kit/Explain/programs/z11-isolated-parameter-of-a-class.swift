// source: https://github.com/swiftlang/swift-evolution/blob/main/proposals/0313-actor-isolation-control.md
// flags: -swift-version 6
// expect: isolated-parameter-not-actor
// wrong: UNCHECKED
// runs: Bearer abc
// shape: (round 7, an unknown line) a function takes a class as an `isolated` parameter, meant to run on it; only an actor (or a distributed actor) can be one: the fix makes the class an actor, or (a main-actor class) isolates the function to the main actor; `@unchecked Sendable` on the class (UNCHECKED) is refused the same
#if FIXED
actor SessionStore { var token = "abc" }
func authHeader(_ store: isolated SessionStore) -> String { "Bearer \(store.token)" }
@MainActor final class MainSession { var token = "abc" }  // a main-actor class: the function on the main actor
@MainActor func mainAuthHeader(_ session: MainSession) -> String { "Bearer \(session.token)" }
@main enum Run {
    @MainActor static func main() async {
        let header = await authHeader(SessionStore())
        print(header == mainAuthHeader(MainSession()) ? header : "differ")
    }
}
#elseif UNCHECKED
final class SessionStore: @unchecked Sendable { var token = "abc" }
func authHeader(_ store: isolated SessionStore) -> String { "Bearer \(store.token)" }
#else
final class SessionStore { var token = "abc" }
func authHeader(_ store: isolated SessionStore) -> String { "Bearer \(store.token)" }
#endif
