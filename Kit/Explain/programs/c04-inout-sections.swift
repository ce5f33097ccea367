// source: https://github.com/ekazaev/ChatLayout/issues/76
// flags: -swift-version 6
// expect: inout-capture
// shape: an inout array mutated in a concurrent closure
#if FIXED
func concurrently(_ body: @Sendable () -> Void) { body() }
func reload(_ rows: inout [Int]) async {
    var copy = rows
    copy.append(1)
    rows = copy
}
#else
func concurrently(_ body: @Sendable () -> Void) { body() }
func reload(_ rows: inout [Int]) { concurrently { rows.append(1) } }
#endif
