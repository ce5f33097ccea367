import SimExecutor
import SimSupport

/// The current executor as the Swift runtime knows it, for the timeline's recorder: asked
/// through a small C target (`SimExecutor`), kept out of the simulators' own modules.
public enum Executors {
    /// What a recorder made now should ask: the runtime, where its entry points passed the
    /// check at start, or else nothing (`PlatformFallback`: a timeline without actor lanes,
    /// where a task's work off the main queue shows on its bare thread's lane, never on a
    /// wrong one).
    public static func chosen() -> @Sendable () -> Place.Executor {
        let why = PlatformFallback.forced(.executor) ?? selfCheckFailure
        guard let why else { return current }
        PlatformFallback.announce(.executor, why, fallback: "the timeline has no actor lanes, and work in a task off the main queue shows on its thread's lane")
        return unknown
    }

    /// Whether a recorder made now, outside a test that forces the fallback, has actor lanes.
    public static var measuresActors: Bool {
        !PlatformFallback.forcedByEnvironment.contains(.executor) && selfCheckFailure == nil
    }

    /// The fallback: nothing is known of the executor.
    public static let unknown: @Sendable () -> Place.Executor = { Place.Executor(onMainActor: false, actor: nil, known: false) }

    @Sendable
    public static func current() -> Place.Executor {
        let executor = sim_current_executor()
        guard let identity = executor.identity else { return Place.Executor(onMainActor: false, actor: nil) }
        if identity == sim_main_executor().identity { return Place.Executor(onMainActor: true, actor: nil) }
        // A default actor's executor is the actor object itself, with no witness table; any
        // other identity (a custom executor) may be no Swift object, and is not named.
        guard executor.implementation == 0 else { return Place.Executor(onMainActor: false, actor: nil) }
        let object = Unmanaged<AnyObject>.fromOpaque(identity).takeUnretainedValue()
        return Place.Executor(onMainActor: false, actor: String(describing: type(of: object)))
    }

    /// Why the runtime's answers cannot be trusted here, or nil: the two entry points are
    /// exported; the main executor they give is the one the standard library's public
    /// `MainActor.sharedUnownedExecutor` holds, word for word (which also checks the calling
    /// convention); and a plain thread outside any task is on the generic executor.
    static let selfCheckFailure: String? = Unseen.run {
        guard sim_executor_available() else {
            return "the Swift runtime does not export swift_task_getCurrentExecutor and swift_task_getMainExecutor"
        }
        let main = sim_main_executor()
        guard MemoryLayout<UnownedSerialExecutor>.size == 2 * MemoryLayout<UInt>.size else {
            return "UnownedSerialExecutor is not two words here"
        }
        let expected = unsafeBitCast(MainActor.sharedUnownedExecutor, to: (UInt, UInt).self)
        guard UInt(bitPattern: main.identity) == expected.0, main.implementation == expected.1 else {
            return "swift_task_getMainExecutor did not give MainActor.sharedUnownedExecutor"
        }
        guard sim_executor_generic_on_plain_thread() else {
            return "swift_task_getCurrentExecutor did not give the generic executor on a thread outside any task"
        }
        return nil
    }
}
