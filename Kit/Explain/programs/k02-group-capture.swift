// source: https://github.com/swiftlang/swift/pull/76920
// flags: -swift-version 6
// expect: sending-closure
// runs: 1
// shape: a child task capturing a value the parent keeps
#if FIXED
final class Tally { var count = 0 }
func total(_ tally: Tally) async {
    let start = tally.count
    let added = await withTaskGroup(of: Int.self) { group in
        group.addTask { [start] in start + 1 }
        return await group.reduce(0, +)
    }
    tally.count = added
}
@main enum Run { static func main() async { let t = Tally(); await total(t); print(t.count) } }
#else
final class Tally { var count = 0 }
func total(_ tally: Tally) async {
    await withTaskGroup(of: Void.self) { group in
        group.addTask { tally.count += 1 }
    }
    print(tally.count)
}
#endif
