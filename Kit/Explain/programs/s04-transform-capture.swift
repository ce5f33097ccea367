// source: https://github.com/firebase/firebase-ios-sdk/pull/13939
// flags: -swift-version 6
// expect: sendable-closure-capture
// shape: a transform closure parameter captured by a queue block
#if FIXED
import Dispatch
func update(_ transform: @escaping @Sendable (Int?) -> Int?) {
    DispatchQueue.global().async { _ = transform(nil) }
}
#else
import Dispatch
func update(_ transform: @escaping (Int?) -> Int?) {
    DispatchQueue.global().async { _ = transform(nil) }
}
#endif
