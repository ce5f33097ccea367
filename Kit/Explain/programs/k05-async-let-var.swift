// source: https://docs.swift.org/compiler/documentation/diagnostics/sending-risks-data-race
// flags: -swift-version 6
// expect: sending-value async-let-var
// shape: an `async let` reads a local Int var that the function writes before awaiting it
#if FIXED
func fetchPage(_ number: Int) async -> Int { number * 10 }
func loadTwoPages() async -> Int {
    var page = 1
    let first = page
    async let a = fetchPage(first)
    page += 1
    let second = page
    async let b = fetchPage(second)
    return await a + b
}
#else
func fetchPage(_ number: Int) async -> Int { number * 10 }
func loadTwoPages() async -> Int {
    var page = 1
    async let a = fetchPage(page)
    page += 1
    async let b = fetchPage(page)
    return await a + b
}
#endif
