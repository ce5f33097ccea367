// source: https://github.com/swiftlang/swift/issues/85639
// flags: -swift-version 6
// expect: sending-value task-isolated
// shape: a parameter captured by a task and sent to the main actor
#if FIXED
final class Sample {}
@MainActor func keep(_ s: Sample) async {}
func record() {
    Task { await keep(Sample()) }
}
#else
final class Sample {}
@MainActor func keep(_ s: Sample) async {}
func record(_ sample: Sample) {
    Task { await keep(sample) }
}
#endif
