// explain: -swift-version 6
// Captures in concurrently-executing closures that the stages never write: a mutated var,
// an inout parameter, and a generic metatype sent to the concurrent pool.
import Dispatch

func countInBackground() {
    var count = 0
    DispatchQueue.global().async { count += 1 }
    print(count)
}

func fill(_ buffer: inout [Int]) {
    DispatchQueue.global().async { buffer.append(1) }
}

protocol Resettable { static func reset() }

func resetElsewhere<T: Resettable>(_: T.Type) {
    Task { @concurrent in
        T.reset()
    }
}
