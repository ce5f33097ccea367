// source: https://github.com/swiftlang/swift/issues/76038
// flags: -swift-version 6
// expect: sending-value task-isolated
// runs: 7
// shape: a callback's parameter resumed through a continuation (the router issue's shape)
#if FIXED
final class Reply { var code = 0 }
struct ReplyCode: Sendable { let code: Int }
func fetch(_ done: @escaping (Reply) -> Void) { let r = Reply(); r.code = 7; done(r) }
func reply() async -> ReplyCode {
    await withCheckedContinuation { c in fetch { r in c.resume(returning: ReplyCode(code: r.code)) } }
}
@main enum Run { static func main() async { print(await reply().code) } }
#else
final class Reply { var code = 0 }
func fetch(_ done: @escaping (Reply) -> Void) { done(Reply()) }
func reply() async -> Reply {
    await withCheckedContinuation { c in fetch { r in c.resume(returning: r) } }
}
#endif
