// source: https://github.com/DataDog/swift-jsonapi/issues/19
// flags: -swift-version 6 -default-isolation MainActor
// expect: isolated-conformance-use default-main-actor
// shape: a type main-actor by default isolation, its conformance used from nonisolated code (6.3 infers the conformance isolated instead of reporting that it crosses)
nonisolated protocol Shaping { func shape() -> String }
nonisolated func draw(_ s: any Shaping) -> String { s.shape() }
#if FIXED
nonisolated final class Circle: Shaping { var r = 1; func shape() -> String { "\(r)" } }
nonisolated func drawCircle() -> String { draw(Circle()) }
#else
final class Circle: Shaping { var r = 1; func shape() -> String { "\(r)" } }
nonisolated func drawCircle() -> String { draw(Circle()) }
#endif
