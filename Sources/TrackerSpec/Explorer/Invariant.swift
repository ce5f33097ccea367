/// What must hold after every explored day, in every stage: each with a short stable id
/// (what the kit's parts pass to each other) and a one-line name (what a person reads).
public enum Invariant: String, CaseIterable, Codable, Sendable {
    case loggedOnce = "logged-once"
    case deletedStaysDeleted = "deleted-stays-deleted"
    case importedOnce = "imported-once"
    case taskCompletesOnce = "task-completes-once"
    case authorizationAnswers = "auth-answers"
    case mainOnlyOnMain = "main-only-on-main"
    case complicationShowsTotal = "complication-total"
    case noDiskIOOnMain = "no-main-disk-io"

    public var name: String {
        switch self {
        case .loggedOnce: "every drink the user logged is on disk and on screen exactly once"
        case .deletedStaysDeleted: "a drink deleted in Health stays deleted"
        case .importedOnce: "another app's sample is imported once"
        case .taskCompletesOnce: "every background task completes exactly once, after its data is saved, also after a failure"
        case .authorizationAnswers: "authorization always answers"
        case .mainOnlyOnMain: "main-thread-only calls run on main"
        case .complicationShowsTotal: "the complication shows the model's total"
        case .noDiskIOOnMain: "no disk I/O on the main thread"
        }
    }
}
