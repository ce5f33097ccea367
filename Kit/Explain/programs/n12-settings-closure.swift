// source: https://github.com/apple/swift-distributed-actors/issues/1223
// flags: -swift-version 6
// expect: sending-value
// shape: a settings closure passed from main to an actor initializer
#if FIXED
struct Settings { var port = 0 }
actor Node { init(configure: @Sendable (inout Settings) -> Void) { var s = Settings(); configure(&s) } }
@MainActor func boot() async {
    let node = Node { $0.port = 2559 }
    _ = node
}
#else
struct Settings { var port = 0 }
actor Node { init(configure: (inout Settings) -> Void) { var s = Settings(); configure(&s) } }
@MainActor func boot() async {
    let configure: (inout Settings) -> Void = { $0.port = 2559 }
    let node = await Node(configure: configure)
    _ = node
}
#endif
