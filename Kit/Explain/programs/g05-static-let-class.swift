// source: https://github.com/MarcoEidinger/OSInfo/pull/3
// flags: -swift-version 6
// expect: global-nonsendable-type
// shape: a static let of a class describing the running OS
#if FIXED
struct Platform: Sendable {
    let name = "linux"
    static let current = Platform()
}
#else
final class Platform {
    var name = "linux"
    static let current = Platform()
}
#endif
