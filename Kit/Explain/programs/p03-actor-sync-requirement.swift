// source: https://exchangetuts.com/how-do-i-conform-to-a-protocol-with-an-actor-1756824918269
// flags: -swift-version 6
// expect: conformance-crosses-isolation actor-type
// shape: an actor conforming to a protocol with a synchronous requirement
#if FIXED
protocol Pinging { func ping() async -> Int }
actor Host: Pinging { var count = 0; func ping() -> Int { count += 1; return count } }
#else
protocol Pinging { func ping() -> Int }
actor Host: Pinging { var count = 0; func ping() -> Int { count += 1; return count } }
#endif
