// source: https://github.com/OneBusAway/onebusaway-ios/issues/765
// flags: -swift-version 6
// expect: no-async-in-await
// shape: await in front of a synchronous call
#if FIXED
func total() -> Int { 3 }
func show() async { let t = total(); print(t) }
#else
func total() -> Int { 3 }
func show() async { let t = await total(); print(t) }
#endif
