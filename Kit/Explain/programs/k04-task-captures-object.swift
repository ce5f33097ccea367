// source: https://github.com/swiftlang/swift/issues/82610
// flags: -swift-version 6
// expect: sending-value closure-captures-var
// runs: 1
// shape: a let holding a class instance, captured by a task and read again after it
final class Counter { var value = 0 }
func bump(_ counter: Counter) async { counter.value += 1 }
#if FIXED
func run() async -> Int {
    let counter = Counter()
    let work = Task { await bump(counter); return counter.value }
    return await work.value
}
@main enum Run { static func main() async { print(await run()) } }
#else
func run() async -> Int {
    let counter = Counter()
    let work = Task { await bump(counter) }
    await work.value
    return counter.value
}
#endif
