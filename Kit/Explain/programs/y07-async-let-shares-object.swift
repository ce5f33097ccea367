// source: https://docs.swift.org/compiler/documentation/diagnostics/sending-risks-data-race
// flags: -swift-version 6
// expect: sending-value async-let-var
// shape: two `async let`s share one non-Sendable object held in a `let` (round 5, #19); the object is immutable, so its class can honestly be Sendable
#if FIXED
final class Session: Sendable { let token: String; init(token: String) { self.token = token } }
func fetchProfile(_ s: Session) async -> String { s.token }
func fetchFeed(_ s: Session) async -> [String] { [s.token] }
func loadAll() async {
    let session = Session(token: "t")
    async let profile = fetchProfile(session)
    async let feed = fetchFeed(session)
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
