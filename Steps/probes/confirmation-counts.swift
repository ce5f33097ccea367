// probe: -swift-version 6 -parse-as-library
// A file of Swift Testing tests run as a program: `main` below starts the test run as
// `swift test` would. The tests run one after the other (`.serialized`) to keep the
// output in order.
import Dispatch
import Testing

/// An SDK-style call: it returns at once and calls back later, on a queue of its own,
/// when `release` lets it (so that the probe decides when "later" is, without a clock).
func fetchCount(release: DispatchSemaphore, _ completion: @escaping @Sendable (Int) -> Void) {
    DispatchQueue.global().async {
        release.wait()
        completion(42)
    }
}

@Suite(.serialized) struct Confirmations {
    @Test func callbackNotAwaited() async {
        let release = DispatchSemaphore(value: 0)
        let (arrivals, arrived) = AsyncStream.makeStream(of: Void.self)
        await confirmation("fetchCount calls back") { called in
            fetchCount(release: release) { _ in
                called()
                arrived.yield()
            }
            print("1. the closure returns; the callback has not arrived")
        }
        print("2. confirmation has counted: 0 calls")
        release.signal()
        for await _ in arrivals { break }
        print("3. the callback arrives now, too late to count")
    }

    @Test func callbackAwaited() async {
        let release = DispatchSemaphore(value: 0)
        await confirmation("fetchCount calls back") { called in
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                fetchCount(release: release) { _ in
                    called()
                    done.resume()
                }
                release.signal()
            }
            print("4. the closure awaited the callback before returning")
        }
    }
}

@main struct Probe {
    static func main() async {
        _ = await Testing.__swiftPMEntryPoint() as CInt
    }
}
