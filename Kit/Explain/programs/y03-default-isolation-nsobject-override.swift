// source: https://github.com/swiftlang/swift-evolution/blob/main/proposals/0466-control-default-actor-isolation.md
// flags: -swift-version 6 -default-isolation MainActor
// expect: isolation-override default-main-actor
// shape: under default main-actor isolation an NSObject subclass's overrides are main-actor, NSObject's are not (round 5, #4); `nonisolated` on the class (written nowhere else) fixes every override at once; `nonisolated` on one override works when it reads only Sendable `let`s (Tag)
import Foundation
#if FIXED
nonisolated final class Item: NSObject {
    var name = "x"
    override var description: String { "Item(\(name))" }
    override func isEqual(_ object: Any?) -> Bool { (object as? Item)?.name == name }
}
final class Tag: NSObject {
    let name = "t"
    var uses = 0
    nonisolated override var description: String { "Tag(\(name))" }
}
#else
final class Item: NSObject {
    var name = "x"
    override var description: String { "Item(\(name))" }
    override func isEqual(_ object: Any?) -> Bool { (object as? Item)?.name == name }
}
#endif
