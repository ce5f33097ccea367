// Copied by Scripts/workbench into a field exercise's tests before every check: not yours to edit.
import Foundation
import Synchronization

/// Whether the process has nothing left to run: no thread but the caller runnable (or on disk I/O), as the
/// kernel reports it (/proc/self/task). The harness's one way to wait: for the learner's
/// code to run out of work (every task parked at a seam the harness controls, or done, or
/// blocked), never for a span of time. A thread preempted on a busy machine is still
/// runnable ("R"), so a slow machine only makes the wait longer.
enum Idle {
    /// Idle in three readings in a row, half a millisecond apart: a thread that wakes another
    /// makes it runnable before it blocks itself, so a true hand-over is never missed; the
    /// repeats absorb the runtime's own short wake-ups.
    static func settled() -> Bool {
        for reading in 0..<3 {
            if reading > 0 { usleep(500) }
            guard let count = runnableOthers() else { return fallbackSettled() }
            if count > 0 { return false }
        }
        return true
    }

    #if os(Linux)
    /// The calling thread's kernel id, the first field of its stat.
    static func threadID() -> String? {
        (try? String(contentsOfFile: "/proc/thread-self/stat", encoding: .utf8))?.split(separator: " ").first.map(String.init)
    }

    static func runnableOthers() -> Int? {
        guard let me = threadID(),
              let tasks = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task") else { return nil }
        return tasks.filter { $0 != me && busy.contains(state(of: $0) ?? "S") }.count
    }

    /// A thread in `nanosleep` (`Thread.sleep`, `usleep`), or a timer armed on the continuous
    /// clock (`Task.sleep(for:)`, which libdispatch programs into a timerfd with clockid 7):
    /// the process will wake by itself, so an idle process with one is not stuck (Drive). (The
    /// monotonic clock's timerfd is not counted: libdispatch keeps it armed for its own
    /// periodic work, measured on Swift 6.3.1, Linux, so a `DispatchQueue.asyncAfter` or a
    /// `SuspendingClock` sleep still reads as idle.)
    static func asleepOnATimer() -> Bool {
        guard let me = threadID(),
              let tasks = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task") else { return false }
        let sleeping = tasks.contains { tid in
            guard tid != me, let call = try? String(contentsOfFile: "/proc/self/task/\(tid)/syscall", encoding: .utf8),
                  let number = call.split(separator: " ").first.flatMap({ Int($0) }) else { return false }
            return nanosleeps.contains(number)
        }
        if sleeping { return true }
        let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fdinfo")) ?? []
        return fds.contains { fd in
            guard let info = try? String(contentsOfFile: "/proc/self/fdinfo/\(fd)", encoding: .utf8),
                  info.contains("clockid: 7") else { return false }
            return !info.contains("it_value: (0, 0)")
        }
    }

    /// Each other thread's context switches, by kernel thread id: a thread that ran at all
    /// between two readings has a larger count, or came or went.
    static func switches() -> [String: Int]? {
        guard let me = threadID(),
              let tasks = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task") else { return nil }
        var counts: [String: Int] = [:]
        for tid in tasks where tid != me {
            guard let status = try? String(contentsOfFile: "/proc/self/task/\(tid)/status", encoding: .utf8) else { continue }
            counts[tid] = status.split(separator: "\n")
                .filter { $0.contains("ctxt_switches:") }
                .compactMap { Int($0.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "") }
                .reduce(0, +)
        }
        return counts
    }

    /// Whether a caller thread of the harness's (`Idle.enlist()`) waits on a futex with a
    /// deadline: a wait with a timeout (`DispatchGroup.wait(timeout:)`, `NSCondition.wait(until:)`)
    /// that ends by itself. Only the harness's callers count: the pool's idle workers wait
    /// with a deadline too, for ever.
    static func callerAsleepOnATimer() -> Bool {
        let callers = enlisted.withLock { $0 }
        return callers.contains { tid in
            guard let call = try? String(contentsOfFile: "/proc/self/task/\(tid)/syscall", encoding: .utf8) else { return false }
            let fields = call.split(separator: " ")
            // futex(address, operation, value, timeout, ...): a non-null timeout is a deadline.
            return fields.count > 4 && Int(fields[0]) == futex && fields[4] != "0x0"
        }
    }

    #if arch(x86_64)
    private static let nanosleeps: Set<Int> = [35, 230]
    private static let futex = 202
    #else
    private static let nanosleeps: Set<Int> = [101, 115]
    private static let futex = 98
    #endif

    /// Running or waiting for a core ("R"), or in the kernel on disk I/O ("D": a page fault on
    /// a cold start is not the learner's code waiting for the harness). Blocked on a lock or a
    /// futex is "S".
    private static let busy: Set<Character> = ["R", "D"]

    /// The state letter after the command name, which may hold spaces and parentheses.
    private static func state(of tid: String) -> Character? {
        guard let stat = try? String(contentsOfFile: "/proc/self/task/\(tid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        return stat[close...].dropFirst(2).first
    }
    #else
    static func threadID() -> String? { nil }
    static func runnableOthers() -> Int? { nil }
    static func asleepOnATimer() -> Bool { false }
    static func callerAsleepOnATimer() -> Bool { false }
    static func switches() -> [String: Int]? { nil }
    #endif

    /// Stuck for good: idle, no thread asleep on a timer, and no thread ran at all while the
    /// two were read. (Read once, "idle" and "no timer" can straddle a sleeper's wake-up: the
    /// timers read after it woke, the threads after it slept again: FieldHarnessTests'
    /// `aThreadThatSleepsAgainAndAgainIsNotAHang` failed 2 runs in 5 without the counts.)
    static func stuck() -> Bool {
        let before = switches()
        guard !asleepOnATimer(), settled() else { return false }
        return switches() == before
    }

    /// The harness's caller threads, by kernel thread id (Linux), for `callerAsleepOnATimer`.
    private static let enlisted = Mutex<Set<String>>([])

    /// Called first on a caller thread the harness starts; `discharge()` last.
    static func enlist() {
        if let me = threadID() { enlisted.withLock { _ = $0.insert(me) } }
    }

    static func discharge() {
        if let me = threadID() { enlisted.withLock { _ = $0.remove(me) } }
    }

    /// Whether the kernel shows which threads run and which wait: only then is a process that
    /// went idle with its work unfinished known to be stuck rather than asleep on a timer.
    static var threadStatesRead: Bool { runnableOthers() != nil }

    /// Where the kernel does not say (not Linux): a quiet spell stands in, which a loaded
    /// machine can outlast. The kit measured the harness on Linux only.
    private static func fallbackSettled() -> Bool {
        usleep(200_000)
        return true
    }
}
