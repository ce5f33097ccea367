// source: https://github.com/swiftlang/swift-package-manager/pull/8937
// flags: -swift-version 6
// expect: sending-value
// shape: a closure value handed to a detached task
#if FIXED
final class Box { var n = 0 }
func launch(_ box: Box) {
    let start = box.n
    let work: @Sendable () async -> Void = { print(start + 1) }
    Task.detached(operation: work)
}
#else
final class Box { var n = 0 }
func launch(_ box: Box) {
    let work: () async -> Void = { box.n += 1 }
    Task.detached(operation: work)
    print(box.n)
}
#endif
