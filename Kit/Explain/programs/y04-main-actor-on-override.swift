// source: https://github.com/swiftlang/swift/issues/75815
// flags: -swift-version 6
// expect: isolation-override written-on-override
// shape: `@MainActor` written on an override of NSObject's nonisolated `description`; without it the override keeps NSObject's isolation and reads only a Sendable `let` (Swift 6.3.1 also accepts the override unmarked in a class written `@MainActor`)
import Foundation
#if FIXED
final class Tag: NSObject {
    let name: String
    init(name: String) { self.name = name }
    override var description: String { "Tag(\(name))" }
}
@MainActor final class Label: NSObject {
    let name = "x"
    override var description: String { "Label(\(name))" }
}
#else
final class Tag: NSObject {
    let name: String
    init(name: String) { self.name = name }
    @MainActor override var description: String { "Tag(\(name))" }
}
#endif
