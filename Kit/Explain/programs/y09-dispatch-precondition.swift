// source: https://github.com/swiftlang/swift-corelibs-libdispatch/blob/main/src/swift/Dispatch.swift
// flags: -swift-version 6
// expect: executor-assumption dispatch-queue
// line:   3 [ra]         0x00007f023ad12d20 _dispatchPreconditionTest(_:) + 47 in libswiftDispatch.so
// runs: ok on main
// shape: `dispatchPrecondition(condition: .onQueue(.main))` in a block run on a global queue: libdispatch stops the program (Swift 6.3.1 Linux: `_dispatch_assert_queue_fail` under `_dispatchPreconditionTest`; no actor is involved); the fix runs the block on the queue it names
import Dispatch
func updateUI() { dispatchPrecondition(condition: .onQueue(.main)); print("ok on main") }
#if FIXED
@main enum Run {
    static func main() async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async { DispatchQueue.main.async { updateUI(); done.resume() } }
        }
    }
}
#else
@main enum Run {
    static func main() async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async { updateUI(); done.resume() }
        }
    }
}
#endif
