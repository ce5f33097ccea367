// probe: -swift-version 5
// The Swift 5 mode, because the next line touches C's global `stdout`, which the Swift 6
// mode rightly rejects as shared mutable state.
import Foundation
setvbuf(stdout, nil, _IOLBF, 0)     // print each line at once, before the trap

func answer() async -> Int {
    await withCheckedContinuation { continuation in
        continuation.resume(returning: 1)
        print("resumed once")
        continuation.resume(returning: 2)   // the promise broken: a second resume
        print("never printed")
    }
}

print("awaiting the answer")
print(await answer())
