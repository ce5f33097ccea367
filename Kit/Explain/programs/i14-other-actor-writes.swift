// source: https://github.com/swiftlang/swift/issues/59573
// flags: -swift-version 6
// expect: isolated-outside-actor mutation-off-actor
// shape: one actor's method writing another actor's property
#if FIXED
actor Meter {
    var level = 0
    func setLevel(_ value: Int) { level = value }
}
actor Panel { func apply(to meter: Meter) async { await meter.setLevel(5) } }
#else
actor Meter { var level = 0 }
actor Panel { func apply(to meter: Meter) { meter.level = 5 } }
#endif
