// source: https://github.com/firebase/firebase-ios-sdk/pull/13939
// flags: -swift-version 6
// expect: sendable-closure-capture own-type
// shape: a storage class's queue block capturing self
#if FIXED
import Synchronization
final class BeatStore: Sendable {
    private let cached = Mutex<[Int]>([])
    func add(_ beat: Int) { cached.withLock { $0.append(beat) } }
}
#else
import Dispatch
final class BeatStore {
    private let queue = DispatchQueue(label: "beats")
    private var cached: [Int] = []
    func add(_ beat: Int) { queue.async { self.cached.append(beat) } }
}
#endif
