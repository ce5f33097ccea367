import Foundation

/// Tells a grading process that makes no progress from one that is slow, by what it did
/// rather than how long it took: a thread that used `busyCPU` seconds of a core since the
/// last finding in its results file, and hardly ever gave up its core of its own accord
/// while doing so, is in a loop that never waits (a livelock on an actor, a spin on a flag).
/// A wait uses no CPU, but the kit's idle waits poll: on a busy machine a day's polling
/// thread used 20 s of CPU (a right answer stopped as a livelock, at load 10), while it
/// gives its core up about 5,000 times per second of CPU it uses (measured 2026-12-07), and a
/// spin almost never. So a busy machine that stretches a check's wall time never stops it
/// here. And a process none of whose threads ran at all for `stuckLooks` looks in a row
/// (its CPU ticks unchanged) with no new finding is stuck: a starved process still runs now
/// and then, so load never ends a grade here either; this replaces the wall-clock timeout.
/// Linux only (thread CPU times from /proc): elsewhere the process's timeout ends a hang, and
/// what it stopped is reported as not judged.
/// The busy function is not named: Linux shows a running thread's program counter only to a
/// debugger (ptrace), and Swift's backtracer printed nothing for a signal sent to a spinning
/// thread (SIGQUIT, SIGABRT or SIGILL by tgkill; Swift 6.3.1).
final class ProgressWatch {
    static let busyCPU: Double = 20
    /// At most this many waits per second of CPU, for a busy thread to count as a loop that
    /// never waits (a spin's are preemptions, which /proc counts apart).
    static let waitsPerBusySecond = 10
    /// Looks (one a second, by Shell) in which no thread ran: longer than any wait a check
    /// makes on purpose (`Gate.patience`, 120 s, is the longest).
    static let stuckLooks = 300
    let results: URL
    private var lastSize: UInt64 = 0
    private var lastTicks = 0
    private var stillLooks = 0
    /// Each thread's CPU ticks and waits when the last finding arrived.
    private var baseline: [String: ThreadUse] = [:]

    init(results: URL) { self.results = results }

    /// The reason to stop the process `pid`, or nil while it progresses.
    func check(_ pid: Int32) -> String? {
        #if os(Linux)
        let size = ((try? FileManager.default.attributesOfItem(atPath: results.path))?[.size] as? UInt64) ?? 0
        let ticks = Self.threadUse(pid)
        let total = ticks.values.map(\.ticks).reduce(0, +)
        stillLooks = total == lastTicks ? stillLooks + 1 : 0
        lastTicks = total
        if size != lastSize || baseline.isEmpty {
            lastSize = size
            baseline = ticks
            stillLooks = 0
            return nil
        }
        if stillLooks >= Self.stuckLooks {
            return "stuck: no thread ran for \(Self.stuckLooks) looks a second apart, with no new finding"
        }
        let limit = Int(Self.busyCPU * Double(sysconf(Int32(_SC_CLK_TCK))))
        let spinning = ticks.contains { tid, use in
            let before = baseline[tid] ?? ThreadUse(ticks: 0, waits: 0)
            return use.ticks - before.ticks >= limit
                && use.waits - before.waits < Self.waitsPerBusySecond * Int(Self.busyCPU)
        }
        guard spinning else { return nil }
        return "no progress: a thread used \(Int(Self.busyCPU)) s of CPU with no new finding, hardly ever waiting"
        #else
        return nil
        #endif
    }

    /// The wall-clock limit a grading process still needs: none where this watch reads the
    /// process's threads (Linux), `otherwise` elsewhere.
    static func timeout(otherwise: TimeInterval) -> TimeInterval? {
        #if os(Linux)
        nil
        #else
        otherwise
        #endif
    }

    /// What a thread has used: CPU ticks (user and system), and waits (the times it gave up
    /// its core of its own accord).
    struct ThreadUse {
        var ticks: Int
        var waits: Int
    }

    /// Each thread's use, by thread id, from /proc/PID/task/TID/stat and status.
    static func threadUse(_ pid: Int32) -> [String: ThreadUse] {
        let tasks = "/proc/\(pid)/task"
        var use: [String: ThreadUse] = [:]
        for tid in (try? FileManager.default.contentsOfDirectory(atPath: tasks)) ?? [] {
            guard let stat = try? String(contentsOfFile: "\(tasks)/\(tid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { continue }
            // After "(name)": state, then fields 4…; utime and stime are fields 14 and 15.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { continue }
            use[tid] = ThreadUse(ticks: user + system, waits: voluntarySwitches("\(tasks)/\(tid)/status") ?? 0)
        }
        return use
    }

    /// "voluntary_ctxt_switches:" in a thread's status file.
    private static func voluntarySwitches(_ path: String) -> Int? {
        guard let status = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        let line = status.split(separator: "\n").first { $0.hasPrefix("voluntary_ctxt_switches:") }
        return line.flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) }
    }
}
