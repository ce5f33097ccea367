#if canImport(Glibc)
import Glibc
#endif
import Foundation
import SimSupport
import SimWork

/// The threads of this process that are running or waiting for a core, as the kernel
/// reports them: how a test tells "the app has nothing left to do" from "the app's next
/// step is waiting for a core" on a busy machine, where a preempted thread is still
/// runnable. No wall-clock window can tell the two apart.
public enum RunnableThreads {
    /// How many threads other than the calling one, and other than those whose name is in
    /// `ignoring`, are runnable now; `nil` where the system does not say: not Linux, a check
    /// at start that failed, or `KIT_FORCE_FALLBACK=runnable-threads` (`PlatformFallback`).
    /// Linux reads `/proc`, Darwin the Mach thread APIs (`SimWork`). A caller must then rely
    /// on what is counted (`PendingWork`, the simulators' events).
    public static func count(ignoring names: Set<String> = []) -> Int? {
        let why = PlatformFallback.forced(.runnableThreads) ?? Unseen.run { selfCheckFailure }
        guard let why else { return measured(ignoring: names) }
        PlatformFallback.announce(
            .runnableThreads, why,
            fallback: "waiting until the app is idle counts Swift jobs and the simulators' events, not work on the app's own dispatch queues")
        return nil
    }

    /// Why the kernel's list cannot be read here, or nil: the calling thread must find itself
    /// in `/proc/self/task`, running (it is, as it reads), and the count must be a number.
    static let selfCheckFailure: String? = {
        #if os(Linux)
        Unseen.run {
            guard let me = read("/proc/thread-self/stat").flatMap(Stat.init) else {
                return "/proc/thread-self/stat could not be read"
            }
            guard me.state == "R" else { return "/proc/thread-self/stat does not show the reading thread running" }
            guard read("/proc/self/task/\(me.tid)/stat").flatMap(Stat.init)?.state == "R" else {
                return "/proc/self/task does not list the reading thread as running"
            }
            return measured(ignoring: []) == nil ? "/proc/self/task could not be listed" : nil
        }
        #elseif canImport(Darwin)
        darwinSelfCheck()
        #else
        "this system has neither /proc/self/task nor the Mach thread APIs"
        #endif
    }()

    #if canImport(Darwin)
    /// A thread of the kit's that spins must be seen ready to run, and none once it stopped.
    private static func darwinSelfCheck() -> String? {
        let spin = Gate()
        let spinning = Gate()
        let thread = Thread {
            spinning.open()
            while !spin.opened {}
        }
        thread.name = "Kit.selfcheck"
        thread.start()
        while !spinning.opened { usleep(50) }
        let seen = measured(ignoring: [])
        spin.open()
        guard let seen else { return "task_threads or thread_info failed" }
        return seen >= 1 ? nil : "a spinning thread was not seen ready to run"
    }
    #endif

    /// Read with plain POSIX calls out of ThreadSanitizer's sight (`Unseen`): Foundation's
    /// file APIs can synchronise through globals the app's own I/O also touches.
    static func measured(ignoring names: Set<String>) -> Int? {
        #if os(Linux)
        Unseen.run {
            guard let me = read("/proc/thread-self/stat").flatMap(Stat.init), let tasks = opendir("/proc/self/task") else {
                return nil
            }
            defer { closedir(tasks) }
            var runnable = 0
            while let entry = readdir(tasks) {
                let tid = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                guard tid.first?.isNumber == true, tid != me.tid,
                      let stat = read("/proc/self/task/\(tid)/stat").flatMap(Stat.init) else { continue }
                if stat.state == "R" && !names.contains(stat.name) { runnable += 1 }
            }
            return runnable
        }
        #elseif canImport(Darwin)
        let names = Array(names)
        let pointers = names.map { strdup($0) }
        defer { pointers.forEach { free($0) } }
        let count = pointers.map { UnsafePointer($0) }.withUnsafeBufferPointer {
            sim_work_runnable_threads($0.baseAddress, Int32(names.count))
        }
        return count < 0 ? nil : Int(count)
        #else
        nil
        #endif
    }

    #if os(Linux)
    /// The fields of `/proc/.../stat` used here: "tid (name) state ...".
    private struct Stat {
        let tid: String
        let name: String
        let state: Character

        init?(_ line: String) {
            guard let open = line.firstIndex(of: "("), let close = line.lastIndex(of: ")") else { return nil }
            let rest = line[line.index(after: close)...].drop { $0 == " " }
            guard let state = rest.first else { return nil }
            tid = String(line[..<open].filter(\.isNumber))
            name = String(line[line.index(after: open)..<close])
            self.state = state
        }
    }

    private static func read(_ path: String) -> String? {
        let file = open(path, O_RDONLY)
        guard file >= 0 else { return nil }
        defer { close(file) }
        var buffer = [UInt8](repeating: 0, count: 512)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(file, $0.baseAddress, $0.count) }
        return count > 0 ? String(decoding: buffer[..<count], as: UTF8.self) : nil
    }
    #endif
}
