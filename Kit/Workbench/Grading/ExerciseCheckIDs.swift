// Copied by Scripts/workbench into the exercise's tests before every check: not yours to edit.
//
// The workbench's own checks by id, with the words a grade shows for each. Compiled into the
// workbench tool too (Kit/Package.swift): exercise.json names a check by its id, the tool
// checks the id is one of these, and ExerciseChecks.swift runs it (a switch over every case).

enum ExerciseCheckID: String, CaseIterable, Codable, Sendable {
    case failedQueryStillCompletes = "failed-query-still-completes"
    case overlappingRefreshWaitsForTheLoad = "overlapping-refresh-waits-for-the-load"
    case threeRefreshesImportOnce = "three-refreshes-import-once"
    case authorizationWorkOnMain = "authorization-work-on-main"
    case reminderSetOnMain = "reminder-set-on-main"
    case addingADrinkDoesNotWait = "adding-a-drink-does-not-wait"
    case earlierSampleArrives = "earlier-sample-arrives"
    case twoTapsSaveBoth = "two-taps-save-both"
    case reportBufferedAtRelease = "report-buffered-at-release"
    case slowQueryResumesOnce = "slow-query-resumes-once"
    case tapDuringDayChangeKept = "tap-during-day-change-kept"

    var name: String {
        switch self {
        case .failedQueryStillCompletes: "a refresh whose HealthKit query fails completes its task, and the next imports nothing twice"
        case .overlappingRefreshWaitsForTheLoad: "a refresh that overlaps a load completes its task after that load delivered, or failed"
        case .threeRefreshesImportOnce: "two refreshes that overlap one load do not then both load what arrived since"
        case .authorizationWorkOnMain: "the work after authorization runs on the main thread, the Health status written there"
        case .reminderSetOnMain: "the reminder is set on the main thread"
        case .addingADrinkDoesNotWait: "adding a drink returns at once and lists it, while HealthKit is still saving it"
        case .earlierSampleArrives: "a sample another app saved before the first launch arrives, however late the Health sheet is answered"
        case .reportBufferedAtRelease: "the app released with a live report not yet applied goes quietly, and launches again"
        case .slowQueryResumesOnce: "a query that answers after the app's own timers fired resumes its caller once: the refresh completes once, nothing traps"
        case .tapDuringDayChangeKept: "a drink tapped while the day changes stays listed"
        case .twoTapsSaveBoth: "two drinks tapped in one turn of the main thread, or one while the other is saving, both reach HealthKit, each once"
        }
    }
}
