// probe: -sanitize=thread -swift-version 6
// watch: the runtime tells TSan of the resume but acquires only when it runs a suspended task; a runtime that acquires on the already-resumed path too ends the report
// Under ThreadSanitizer on Linux: a continuation resumed from a queue before its task has
// suspended, and one resumed long after. Either way the queue writes a value and then
// resumes, and the task reads the value after its `await`: the resume orders the two.
// The runtime marks each resume for TSan (a release on the task). Resumed after the task
// suspended, the task runs again as a job, and the runtime marks that (the acquire): TSan
// sees the order. Resumed before, the task goes on without suspending and without that
// acquire: TSan sees a release with no acquire and reports a data race that is not one.
// Each case runs in a child process of its own, and the parent counts the reports.
import Foundation
import Synchronization

final class Box: @unchecked Sendable { var value = 0 }
final class Flag: Sendable { let resumed = Atomic<Bool>(false) }

func once(early: Bool) async -> Int {
    let box = Box()
    let flag = Flag()
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        DispatchQueue.global().async {
            if !early { usleep(200_000) }       // long after the task suspended
            box.value = 42
            continuation.resume()
            flag.resumed.store(true, ordering: .relaxed)
        }
        // Early: the task waits here, before it can suspend, until the queue has resumed it
        // (a relaxed load, which orders nothing for TSan).
        if early { while !flag.resumed.load(ordering: .relaxed) {} }
    }
    return box.value
}

if let which = ProcessInfo.processInfo.environment["PROBE_CASE"] {
    let value = await once(early: which == "early")
    precondition(value == 42)
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

print("resumed before its task suspended: \(try reports("early")) report(s)")
print("resumed 200 ms after: \(try reports("late")) report(s)")
