// source: https://github.com/replicate/getting-started-swiftui/issues/3
// flags: -swift-version 6
// expect: actor-mutating-async
// shape: an actor awaiting a mutating async method of its stored struct
#if FIXED
struct Prediction { var status = ""; mutating func markDone() { status = "done" } }
actor Runner { var prediction = Prediction(); func finish() async { prediction.markDone() } }
#else
struct Prediction { var status = ""; mutating func wait() async { status = "done" } }
actor Runner { var prediction = Prediction(); func finish() async { await prediction.wait() } }
#endif
