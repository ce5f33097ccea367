// source: https://github.com/swiftlang/swift/pull/34688
// flags: -swift-version 6
// expect: actor-inout-async
// runs: 3
// shape: an actor passes its stored property `inout` to an async function
#if FIXED
func fetchStep() async -> Int { 1 }
func advance(_ position: inout Int, by step: Int) { position += step }
actor Reader {
    var position = 0
    func next() async {
        let step = await fetchStep()
        advance(&position, by: step)
    }
}
@main enum Run {
    static func main() async {
        let reader = Reader()
        for _ in 0..<3 { await reader.next() }
        print(await reader.position)
    }
}
#else
func fetchStep() async -> Int { 1 }
func advance(_ position: inout Int) async { position += await fetchStep() }
actor Reader {
    var position = 0
    func next() async { await advance(&position) }
}
#endif
