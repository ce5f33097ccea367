// probe: -swift-version 6 -warnings-as-errors
// probe uses: PreconcurrencyKit
// watch: 6.3.1 says nothing, where its own fix-it promises warnings
// A class from a framework built without concurrency checking, not `Sendable`, captured
// by a closure that goes to another thread, in a Swift 6 client that imports the
// framework with `@preconcurrency import` (SE-0337): it compiles with every warning an
// error, so the compiler said nothing at all (Swift 6.3.1), although its fix-it for a plain
// import offers to treat the errors "as warnings" (probe imported-nonsendable).
import Dispatch
@preconcurrency import PreconcurrencyKit

func handOff() -> [String] {
    let report = Report()
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
        report.lines.append("written on another thread")
        done.signal()
    }
    done.wait()
    return report.lines
}

print("compiled with every warning an error; the report crossed: \(handOff())")
