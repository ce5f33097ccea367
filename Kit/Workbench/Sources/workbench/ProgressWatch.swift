import Foundation

/// Tells a grading process that makes no progress from one that is slow: no new finding in
/// its results file for `quiet` seconds while one of its threads stays busy (it used at least
/// a quarter of that time on a core: a loop that never waits, as a livelock on an actor does).
/// A thread that waits uses no core, so a check waiting for a slow event is never stopped
/// here; its own event-driven waits say what it waited for. Linux only: elsewhere the
/// process's timeout alone ends a hang.
/// The busy function is not named: Linux shows a running thread's program counter only to a
/// debugger (ptrace), and Swift's backtracer printed nothing for a signal sent to a spinning
/// thread (SIGQUIT, SIGABRT or SIGILL by tgkill; Swift 6.3.1).
final class ProgressWatch {
    static let quiet: TimeInterval = 20
    let results: URL
    private var lastSize: UInt64 = 0
    private var since = Date()
    /// Each thread's CPU ticks when the last finding arrived.
    private var baseline: [String: Int] = [:]

    init(results: URL) { self.results = results }

    /// The reason to stop the process `pid`, or nil while it progresses.
    func check(_ pid: Int32) -> String? {
        #if os(Linux)
        let size = ((try? FileManager.default.attributesOfItem(atPath: results.path))?[.size] as? UInt64) ?? 0
        let ticks = Self.threadTicks(pid)
        if size != lastSize || baseline.isEmpty {
            lastSize = size
            since = Date()
            baseline = ticks
            return nil
        }
        let quietFor = Date().timeIntervalSince(since)
        guard quietFor >= Self.quiet else { return nil }
        let perSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
        let busy = ticks.filter { tid, used in Double(used - (baseline[tid] ?? 0)) >= quietFor * perSecond / 4 }
        guard !busy.isEmpty else { return nil }
        return "no progress: no event for \(Int(Self.quiet)) s while a thread stays busy"
        #else
        return nil
        #endif
    }

    /// Each thread's user and system CPU ticks, by thread id, from /proc/PID/task/TID/stat.
    static func threadTicks(_ pid: Int32) -> [String: Int] {
        let tasks = "/proc/\(pid)/task"
        var ticks: [String: Int] = [:]
        for tid in (try? FileManager.default.contentsOfDirectory(atPath: tasks)) ?? [] {
            guard let stat = try? String(contentsOfFile: "\(tasks)/\(tid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { continue }
            // After "(name)": state, then fields 4…; utime and stime are fields 14 and 15.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { continue }
            ticks[tid] = user + system
        }
        return ticks
    }
}
