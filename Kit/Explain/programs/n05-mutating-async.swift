// source: https://github.com/replicate/getting-started-swiftui/issues/3
// flags: -swift-version 6
// expect: actor-mutating-async
// runs: done
// shape: an actor awaiting a mutating async method of its stored struct
#if FIXED
struct Prediction { var status = ""; mutating func markDone() { status = "done" } }
actor Runner { var prediction = Prediction(); func finish() async { prediction.markDone() } }
@main enum Run { static func main() async { let r = Runner(); await r.finish(); print(await r.prediction.status) } }
#else
struct Prediction { var status = ""; mutating func wait() async { status = "done" } }
actor Runner { var prediction = Prediction(); func finish() async { await prediction.wait() } }
#endif
