// source: https://github.com/swiftlang/swift/pull/80745 (its test mutableLocalCaptureDataRace)
// flags: -swift-version 6
// expect: sending-value closure-captures-var
// shape: a task that adds into a local var the function reads after awaiting it
#if FIXED
func tally(_ items: [Int]) async -> Int {
    let work = Task { items.reduce(0, +) }
    return await work.value
}
#else
func tally(_ items: [Int]) async -> Int {
    var total = 0
    let work = Task { for item in items { total += item } }
    await work.value
    return total
}
#endif
