// source: https://www.donnywals.com/solving-reference-to-captured-var-in-concurrently-executing-code-in-swift/
// flags: -swift-version 6
// expect: captured-var-reference
// shape: a var read inside a background block
#if FIXED
import Dispatch
func report() {
    var total = 0
    total += 1
    DispatchQueue.global().async { [total] in print(total) }
}
#else
import Dispatch
func report() {
    var total = 0
    total += 1
    DispatchQueue.global().async { print(total) }
}
#endif
