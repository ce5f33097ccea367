// source: https://github.com/swiftlang/swift-evolution/blob/main/proposals/0461-async-function-isolation.md
// flags: -swift-version 6
// expect: attribute-on-sync-function
// shape: @concurrent and nonisolated(nonsending) written on synchronous functions
#if FIXED
@concurrent func render(_ pixels: [UInt8]) async -> Int { pixels.count }
nonisolated func tidy(_ names: [String]) -> [String] { names.sorted() }
#else
@concurrent func render(_ pixels: [UInt8]) -> Int { pixels.count }
nonisolated(nonsending) func tidy(_ names: [String]) -> [String] { names.sorted() }
#endif
