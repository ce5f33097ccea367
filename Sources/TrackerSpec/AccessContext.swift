/// Where one access of a race ran, read from its stack.
public enum AccessContext: String, Sendable, Hashable, CaseIterable, Comparable {
    /// "by main thread" (checked first: main-actor jobs on the main queue also show
    /// `runJobInEstablishedExecutorContext`).
    case main
    /// A task on Swift's cooperative pool.
    case task
    /// A dispatch queue other than main.
    case queue
    /// Anything else: a plain thread, or a stack TSan could not restore.
    case thread

    public static func of(_ access: MemoryAccess) -> AccessContext {
        if access.isMainThread { return .main }
        let functions = access.frames.map(\.function)
        if functions.contains(where: { $0.contains("runJobInEstablishedExecutorContext") || $0.contains("swift_job_run") }) {
            return .task
        }
        // The simulators' hook runs every pool job (Sources/SimWork/Jobs.c). A stack TSan
        // restores for an earlier access can lack the runtime's frames above it, and then
        // shows only the hook's and dispatch's.
        if access.frames.contains(where: { $0.function == "run_global" && $0.file?.contains("/SimWork/") == true }) {
            return .task
        }
        if functions.contains(where: {
            $0.contains("invoke_and_release_block") || $0.contains("dispatch_callback_wrap") || $0.contains("_dispatch_")
        }) {
            return .queue
        }
        return .thread
    }

    /// The catalogue's name for this context; `nil` for `.thread`, which no row names.
    public var catalogueContext: Defect.Context? {
        switch self {
        case .main: .main
        case .task: .task
        case .queue: .queue
        case .thread: nil
        }
    }

    public static func < (lhs: AccessContext, rhs: AccessContext) -> Bool { lhs.rawValue < rhs.rawValue }
}
