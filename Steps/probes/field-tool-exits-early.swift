// probe: -swift-version 6
// A command-line tool in top-level code that starts its work in a Task "at the boundary",
// as an app would, and then reaches the end of main.swift. An atexit handler reports how
// much of the work had finished when the process ended.
import Foundation
import Synchronization

let saved = Mutex(0)
let started = Mutex(0)

func save(_ drink: Int) async {
    started.withLock { $0 += 1 }
    // The write waits on something slow (an hour here, a network call in the field).
    try? await Task.sleep(for: .seconds(3600))
    saved.withLock { $0 += 1 }
}

atexit {
    print("at exit: \(saved.withLock { $0 }) of 3 saves finished")
}

Task {
    for drink in 1...3 { await save(drink) }
}
print("main.swift reached its end")
