// source: https://github.com/HexFiend/HexFiend/issues/543
// flags: -swift-version 6
// expect: captured-var-mutation
// shape: an error var set inside concurrently-executing code
#if FIXED
struct OpenFailure: Error {}
func open(path: String) throws {}
func openAll() async {
    let result = await Task.detached { Result { try open(path: "/tmp/x") } }.value
    if case .failure(let failure) = result { print(failure) }
}
#else
struct OpenFailure: Error {}
func open(path: String) throws {}
import Dispatch
func openAll() {
    var failure: (any Error)?
    DispatchQueue.global().async {
        do { try open(path: "/tmp/x") } catch { failure = error }
    }
    if let failure { print(failure) }
}
#endif
