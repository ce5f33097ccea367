// source: https://github.com/swiftlang/swift/issues/59573
// flags: -swift-version 6
// expect: isolated-ref-nonisolated actor-instance-mutation
// shape: an actor's stored property written from a nonisolated async function, with await
#if FIXED
actor Meter {
    var level = 0
    func setLevel(_ value: Int) { level = value }
}
func calibrate(_ meter: Meter) async { await meter.setLevel(3) }
func reset(_ meter: isolated Meter) { meter.level = 0 }
#else
actor Meter { var level = 0 }
func calibrate(_ meter: Meter) async { await meter.level = 3 }
#endif
