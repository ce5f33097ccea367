import Foundation
import SimSupport
import SimWork

/// The Swift jobs this process has queued or running: every job enqueued to the global
/// executor, from its enqueue until it has run, counted through the runtime's enqueue
/// hooks (`SimWork`). Main-actor jobs are counted too where the runtime calls its
/// main-executor hook; Swift 6.3.1 on Linux does not (measured: none of a main-actor
/// task's jobs reached it), and a waiter's trip through main's turn covers them there. This is how a test tells "the app has nothing left
/// to do" on every platform alike: by counting, never by a quiet spell of wall-clock time.
///
/// What it cannot count is work on the app's own dispatch queues; for that a waiter also
/// reads the kernel's thread states (`RunnableThreads`).
public enum PendingWork {
    /// Installs the hooks (once) and checks them: a job made now must be counted while it
    /// waits and no longer once it has run. Where either fails, nil and a line saying why.
    public static let isCounted: Bool = {
        if let why = selfCheckFailure {
            FileHandle.standardError.write(Data("kit: Swift jobs are not counted here (\(why)); a wait for idleness that needs them judges nothing\n".utf8))
            return false
        }
        return true
    }()

    /// Jobs queued or running now, other than the one the calling thread runs.
    public static var jobs: Int {
        _ = isCounted
        return sim_work_pending_global() + sim_work_pending_main()
    }

    /// Pool jobs enqueued and not yet started: work waiting for a thread. Where the kernel's
    /// thread states are read, a job that has started shows there (ready to run, or asleep
    /// when blocked), which is more exact than a count of running jobs: a job blocked in a
    /// wait of the app's own is no work left to do.
    public static var queuedPoolJobs: Int {
        _ = isCounted
        return sim_work_queued_global()
    }

    /// Holds the pool until `releasePool()`: a task made meanwhile starts only after the
    /// release, whatever the threads do. How a check makes a task land after the events it
    /// sends first (two taps in one main-thread turn), by order, not by time. A main thread
    /// blocked on a held job is released by the run's `MainWaitWatch`.
    public static func holdPool() {
        _ = isCounted
        sim_work_hold_pool()
    }

    /// Sends the held jobs to the pool, oldest first (the pool may still run them in any order).
    public static func releasePool() { sim_work_release_pool() }

    /// Pool jobs waiting for `releasePool()`.
    public static var heldPoolJobs: Int { sim_work_held_pool_jobs() }

    /// Whether the calling thread runs a job that went through the hooks (and is counted).
    public static var callerRunsCountedJob: Bool { sim_work_runs_counted_job() }

    /// Why jobs cannot be counted here, or nil: the hooks install, a detached task is
    /// counted while it waits to run, and it runs through the kit's hook.
    static let selfCheckFailure: String? = {
        guard sim_work_install() else { return "the Swift runtime has no enqueue hooks" }
        Gate.setOnBlock { starts in starts ? sim_work_block_begin() : sim_work_block_end() }
        let ran = Gate()
        let throughHook = SimLock(false)
        let before = sim_work_epoch()
        Task.detached {
            throughHook.withLock { $0 = sim_work_runs_counted_job() }
            ran.open()
        }
        // Bounded, so that a runtime that never runs the job says so instead of hanging.
        for _ in 0..<100_000 where !ran.opened { usleep(20) }
        guard ran.opened else { return "a detached task did not run within 2 s" }
        guard sim_work_epoch() != before, throughHook.withLock({ $0 }) else { return "a detached task did not go through the hooks" }
        return nil
    }()
}
