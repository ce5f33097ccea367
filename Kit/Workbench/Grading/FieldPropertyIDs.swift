// Copied by Scripts/workbench into a field exercise's tests before every check: not yours to edit.
//
// The properties a field exercise is graded on, by id, with the words a grade shows for
// each. Compiled into the workbench tool too (Kit/Package.swift): exercise.json names a
// property as "field:ID", the tool checks the id is one of these, and the exercise's own
// probe (Kit/Workbench/Exercises/SLUG/grade/) measures it. Each is a behaviour the harness
// measures (what ran, how many at once, in what order, what was lost), never printed text.

enum FieldPropertyID: String, CaseIterable, Codable, Sendable {
    case debounceRunsTheLastEvent = "debounce-runs-the-last-event"
    case debounceWaitsForTheDelay = "debounce-waits-for-the-delay"
    case debounceEndsSupersededWaits = "debounce-ends-superseded-waits"
    case groupStaysWithinTheLimit = "group-stays-within-the-limit"
    case groupUsesTheLimit = "group-uses-the-limit"
    case groupRunsEveryItemOnce = "group-runs-every-item-once"
    case streamEveryConsumerGetsEveryValue = "stream-every-consumer-gets-every-value"
    case streamEndsForEveryConsumer = "stream-ends-for-every-consumer"
    case streamForgetsAGoneSubscriber = "stream-forgets-a-gone-subscriber"
    case streamKeepsALaggingConsumersValues = "stream-keeps-a-lagging-consumers-values"
    case depositsLoseNoUpdate = "deposits-lose-no-update"
    case depositsOverlapAtTheAwait = "deposits-overlap-at-the-await"
    case depositsCountOnceConfirmed = "deposits-count-once-confirmed"
    case entryAwaitsItsWork = "entry-awaits-its-work"
    case entryLeavesThePoolFree = "entry-leaves-the-pool-free"
    case entryReturnsWithNoWork = "entry-returns-with-no-work"
    case entryCancelsNoSave = "entry-cancels-no-save"
    case deinitCleansUpAtRelease = "deinit-cleans-up-at-release"
    case deinitClosesOnceOnMain = "deinit-closes-once-on-main"
    case memoComputesEachKeyOnce = "memo-computes-each-key-once"
    case memoKeepsEveryKey = "memo-keeps-every-key"
    case fetchRunsOffMain = "fetch-runs-off-main"
    case noObjectUsedOffItsQueue = "no-object-used-off-its-queue"
    case screenShowsEveryDrink = "screen-shows-every-drink"
    case contextSimulatorReportsViolations = "context-simulator-reports-violations"
    case exportRunsOffTheMainActor = "export-runs-off-the-main-actor"
    case screenGetsEveryChange = "screen-gets-every-change"
    case releasedScreenIsFreed = "released-screen-is-freed"

    var name: String {
        switch self {
        case .debounceRunsTheLastEvent: "a burst of events runs the action once, for the last event"
        case .debounceWaitsForTheDelay: "nothing runs before the injected clock passes the delay, and an event after a quiet spell runs too"
        case .debounceEndsSupersededWaits: "a newer event ends the wait it supersedes: no sleep is left on the clock for an event that will never run"
        case .groupStaysWithinTheLimit: "never more items at work at once than the limit"
        case .groupUsesTheLimit: "as many items at work at once as the limit allows"
        case .groupRunsEveryItemOnce: "every item runs, each once"
        case .streamEveryConsumerGetsEveryValue: "every consumer receives every value, in the order sent"
        case .streamEndsForEveryConsumer: "every consumer's loop ends when the feed finishes"
        case .streamForgetsAGoneSubscriber: "a subscriber whose loop was cancelled or left is forgotten: no longer sent to, nor kept"
        case .streamKeepsALaggingConsumersValues: "a subscriber that falls far behind still gets every value, in order"
        case .depositsLoseNoUpdate: "two deposits suspended at the same time both count"
        case .depositsOverlapAtTheAwait: "a deposit does not wait for another's suspension (no lock held across the await)"
        case .depositsCountOnceConfirmed: "the balance never shows a deposit whose confirm has not returned"
        case .entryAwaitsItsWork: "when the entry point returns, every save has finished"
        case .entryLeavesThePoolFree: "as many entry points at once as the pool has threads all finish (no thread blocked waiting for a task)"
        case .entryReturnsWithNoWork: "an entry point given no drinks returns"
        case .entryCancelsNoSave: "saves that honour cancellation all complete: the entry point cancels none of its own work"
        case .deinitCleansUpAtRelease: "the subscription is cancelled by the time the last release returns, off the main actor (the main actor busy) and on it, and never again"
        case .deinitClosesOnceOnMain: "after the last release, the main-actor bookkeeping runs once, on the main actor, and the model is freed"
        case .memoComputesEachKeyOnce: "callers asking for one key at once: the value is computed once, and every caller gets it"
        case .memoKeepsEveryKey: "two keys computed at the same time both stay cached"
        case .fetchRunsOffMain: "the drinks are fetched off the main queue, and the main queue runs while the fetch is held"
        case .noObjectUsedOffItsQueue: "no managed object or context is used off its context's queue"
        case .screenShowsEveryDrink: "when reload returns, the screen shows every drink in the store, sorted"
        case .contextSimulatorReportsViolations: "the simulated Core Data still records a use off its queue (its file is not yours to edit)"
        case .exportRunsOffTheMainActor: "the export finishes while the main actor is busy (it never waits for main)"
        case .screenGetsEveryChange: "every change of the route reaches the screen"
        case .releasedScreenIsFreed: "a screen the app lets go of is freed while the tracker keeps its observers"
        }
    }
}
