// source: https://github.com/swiftlang/swift/pull/79352
// flags: -swift-version 6
// expect: sending-closure
// runs: 4
// shape: a task captures an existential metatype parameter (`any P.Type`)
#if FIXED
protocol Plugin: SendableMetatype { static func load() -> Int }
#else
protocol Plugin { static func load() -> Int }
#endif
struct Cache: Plugin { static func load() -> Int { 4 } }
func start(_ plugin: any Plugin.Type) async -> Int {
    await Task { plugin.load() }.value
}
#if FIXED
@main enum Run { static func main() async { print(await start(Cache.self)) } }
#endif
