// Copied by Scripts/workbench into a field exercise's tests before every check: not yours to edit.
import Foundation
import Synchronization

/// Threads of the harness's own for the learner's tasks, one round at a time: a task run with
/// `Task(executorPreference:)` (and its children, which inherit it) runs its jobs on these,
/// spread over them in turn. The pool has one thread a core, so two tasks that resume
/// together may still take turns on a loaded machine; here each resumed job has a thread
/// that runs at once, so a read and a write split in two steps meet another task's between
/// them far more often. The threads end with `finish()`, so no round leaves one behind.
/// It widens a window; it decides no verdict: counts do.
final class Lanes: TaskExecutor, @unchecked Sendable {
    private final class Lane: @unchecked Sendable {
        let jobs = Mutex<[UnownedJob]>([])
        let ready = DispatchSemaphore(value: 0)
        let stopped = DispatchGroup()
    }

    private let lanes: [Lane]
    private let next = Atomic<Int>(0)

    init(_ count: Int) {
        lanes = (0..<count).map { _ in Lane() }
        for lane in lanes { start(lane) }
    }

    private func start(_ lane: Lane) {
        lane.stopped.enter()
        let executor = asUnownedTaskExecutor()
        Thread {
            while true {
                lane.ready.wait()
                // A wake-up with no job is `finish()`.
                guard let job = lane.jobs.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else { break }
                job.runSynchronously(on: executor)
            }
            lane.stopped.leave()
        }.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let lane = lanes[next.wrappingAdd(1, ordering: .relaxed).oldValue % lanes.count]
        lane.jobs.withLock { $0.append(job) }
        lane.ready.signal()
    }

    /// Ends the threads once the round's tasks are done (no job is left to run) and waits for them.
    func finish() {
        for lane in lanes { lane.ready.signal() }
        for lane in lanes { lane.stopped.wait() }
    }

    /// Runs `work` in a task on these threads and waits for it, from a thread that is not the
    /// pool's (the caller blocks).
    func runAndWait(_ work: @escaping @Sendable () async -> Void) {
        let done = DispatchSemaphore(value: 0)
        Task(executorPreference: self) { await work(); done.signal() }
        done.wait()
    }
}
