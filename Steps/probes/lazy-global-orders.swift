// probe: -sanitize=thread -swift-version 5
// Under ThreadSanitizer on Linux: does touching one lazily initialised global from two
// threads order them? Each case runs in a child process of its own, and the parent
// counts the data races TSan reported there.
import Foundation

final class Shared: @unchecked Sendable {
    var value = 0    // unsound on purpose: the race under test
}

enum Settings {
    static let level = Int(getpid() % 7) + 1    // lazily initialised, once
}

/// Main reads `shared.value`; 100 ms later a queue writes it. With `touchGlobal`, both
/// threads also read `Settings.level` in between (main after its read, the queue before
/// its write). Nothing else orders the two accesses.
func race(touchGlobal: Bool) {
    let shared = Shared()
    _ = Settings.level
    let queue = DispatchQueue(label: "probe")
    queue.async {
        usleep(100_000)
        if touchGlobal { _ = Settings.level }
        shared.value = 1
    }
    usleep(20_000)
    let seen = shared.value
    if touchGlobal { _ = Settings.level }
    usleep(300_000)
    precondition(seen == 0)
}

if let which = ProcessInfo.processInfo.environment["PROBE_CASE"] {
    race(touchGlobal: which == "global")
    exit(0)
}

func reports(_ which: String) throws -> Int {
    let child = Process()
    child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    child.environment = ["PROBE_CASE": which, "TSAN_OPTIONS": "exitcode=0"]
    let stderr = Pipe()
    child.standardError = stderr
    try child.run()
    let output = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    child.waitUntilExit()
    return output.components(separatedBy: "WARNING: ThreadSanitizer: data race").count - 1
}

print("read on main, then write on a queue: \(try reports("plain")) report(s)")
print("the same, both threads also reading one static let: \(try reports("global")) report(s)")
