// source: https://docs.swift.org/compiler/documentation/diagnostics/sending-risks-data-race
// flags: -swift-version 6
// expect: sending-value async-let-var
// shape: two `async let`s share one mutable non-Sendable object (round 5, #19); each child makes its own, so nothing is shared
#if FIXED
final class Session { var token = "t" }
func fetchProfile(_ s: Session) async -> String { s.token }
func fetchFeed(_ s: Session) async -> [String] { [s.token] }
func loadAll() async {
    async let profile = fetchProfile(Session())
    async let feed = fetchFeed(Session())
    print(await profile, await feed)
}
#else
final class Session { var token = "t" }
func fetchProfile(_ s: Session) async -> String { s.token }
func fetchFeed(_ s: Session) async -> [String] { [s.token] }
func loadAll() async {
    let session = Session()
    async let profile = fetchProfile(session)
    async let feed = fetchFeed(session)
    print(await profile, await feed)
}
#endif
