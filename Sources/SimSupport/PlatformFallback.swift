import Foundation

/// The mechanisms whose platform behaviour the kit measured on Linux only. Each checks itself
/// when first used and, where the check fails, says so in one line on standard error and
/// takes a fallback that is correct, if less informative (see `Kit/MAINTAINERS.md`).
public enum PlatformMechanism: String, CaseIterable, Sendable {
    /// ThreadSanitizer's report callback, for the verdict line (`SpecTesting`'s `RaceLedger`);
    /// fallback: the reports TSan printed, read back from its log files.
    case tsanReport = "tsan-report"
    /// TSan's log file, read back when the callback is not called (`TSanReportSource`); with
    /// both forced, nothing can be counted, and each stage's line says it was not measured.
    case tsanLog = "tsan-log"
    /// The Swift runtime's current executor, for the timeline's actor lanes (`SimExecutor`);
    /// fallback: a timeline without actor lanes.
    case executor
    /// The kernel's thread states (`/proc` on Linux, the Mach thread APIs on Darwin), for
    /// seeing work on the app's own dispatch queues and main waiting on it (`RunnableThreads`);
    /// fallback: the system does not say, and the checks that need it say "not measured".
    case runnableThreads = "runnable-threads"
    /// The kit's count of notification loops waiting off the main actor
    /// (`NotificationCenter.notifications(named:)` on Linux); fallback: not counted, as
    /// Foundation's own sequence on Apple platforms does not count them.
    case notifications

    /// What `all` forces: every mechanism's fallback, as a Mac may take them. Not `tsan-log`,
    /// which takes the fallback itself away (named on its own, it shows "not measured"), and
    /// not `runnable-threads`: a Mac reads its thread states through Mach, so only a system
    /// with neither `/proc` nor Mach takes that one (named on its own, it is tried here).
    public static var everyFallback: Set<PlatformMechanism> { Set(allCases).subtracting([.tsanLog, .runnableThreads]) }
}

/// Which fallbacks are forced: `KIT_FORCE_FALLBACK=tsan-report,tsan-log,executor,runnable-threads,notifications`
/// (or `all`) for a whole process; `forcedInTask` for a test and the tasks it starts.
public enum PlatformFallback {
    /// The variable's name.
    public static let variable = "KIT_FORCE_FALLBACK"

    /// The fallbacks the environment forces; a name the kit does not know stops the process
    /// with exit status 2, so that a typo never passes for the primary path.
    public static let forcedByEnvironment: Set<PlatformMechanism> = {
        guard let value = ProcessInfo.processInfo.environment[variable], !value.isEmpty else { return [] }
        switch parse(value) {
        case .success(let set):
            return set
        case .failure(let unknown):
            let names = PlatformMechanism.allCases.map(\.rawValue).joined(separator: ",")
            FileHandle.standardError.write(Data("""
                \(variable): unknown mechanism "\(unknown.name)"
                usage: \(variable)=all or a comma-separated list of \(names)

                """.utf8))
            exit(2)
        }
    }()

    public struct UnknownMechanism: Error, Equatable {
        public let name: String
    }

    /// "executor,notifications" → those two; "all" → `everyFallback`.
    public static func parse(_ value: String) -> Result<Set<PlatformMechanism>, UnknownMechanism> {
        var set: Set<PlatformMechanism> = []
        for name in value.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !name.isEmpty {
            if name == "all" {
                set.formUnion(PlatformMechanism.everyFallback)
            } else if let mechanism = PlatformMechanism(rawValue: name) {
                set.insert(mechanism)
            } else {
                return .failure(UnknownMechanism(name: name))
            }
        }
        return .success(set)
    }

    /// Fallbacks a test forces for itself and the tasks it starts (not for queues' blocks).
    @TaskLocal public static var forcedInTask: Set<PlatformMechanism> = []

    /// Out of ThreadSanitizer's sight (`Unseen`): the first read of a lazily initialised
    /// global is synchronisation to TSan, and an app thread may be the first to ask.
    public static func isForced(_ mechanism: PlatformMechanism) -> Bool {
        Unseen.run { forcedByEnvironment.contains(mechanism) || forcedInTask.contains(mechanism) }
    }

    /// Why a switch forces `mechanism`'s fallback: the environment's reason, "" for a test's
    /// (which says nothing, so that a real failure later in the process is still said), or
    /// nil when nothing forces it.
    public static func forced(_ mechanism: PlatformMechanism) -> String? {
        Unseen.run {
            if forcedByEnvironment.contains(mechanism) { return forcedReason }
            return forcedInTask.contains(mechanism) ? "" : nil
        }
    }

    /// Says once per process, in one line on standard error, that `mechanism` takes its
    /// fallback and why: "kit: executor: <why>; <what the fallback does>." Says nothing for
    /// an empty `why` (a test forced it).
    public static func announce(_ mechanism: PlatformMechanism, _ why: String, fallback: String) {
        guard !why.isEmpty else { return }
        Unseen.run {
            guard announced.withLock({ $0.insert(mechanism).inserted }) else { return }
            FileHandle.standardError.write(Data("kit: \(mechanism.rawValue): \(why); \(fallback).\n".utf8))
        }
    }

    /// Why a fallback is taken when the environment forces it.
    public static var forcedReason: String { "forced by \(variable)" }

    private static let announced = SimLock(Set<PlatformMechanism>())
}
