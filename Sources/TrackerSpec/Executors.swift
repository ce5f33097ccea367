import SimExecutor
import SimSupport

/// The current executor as the Swift runtime knows it, for the timeline's recorder: asked
/// through a small C target (`SimExecutor`), kept out of the simulators' own modules.
public enum Executors {
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
}
