// source: https://github.com/swiftlang/swift-evolution/blob/main/proposals/0412-strict-concurrency-for-global-variables.md
// flags: -swift-version 6
// expect: global-mutable-state unmigrated-module
// uses: CounterKit
// stand-in: a dependency built in the Swift 5 mode with a public global var (CounterKit)
// shape: Swift 6 code writing an unmigrated module's global; the fix moves the write into the module's own API and keeps the caller on one actor
#if FIXED
import CounterKit
@MainActor func countRequest() { recordRequest() }
#else
import CounterKit
func countRequest() { requestCount += 1 }
#endif
