/// What the explorer does to the app, as a user, watchOS or another app would: the day's
/// own events, taken in the order a seed chooses among the SDK's held answers.
enum DayAction: String, CaseIterable {
    case log = "user.log"
    case addSample = "other.add-sample"
    case deleteSample = "other.delete-sample"
    case refresh = "watch.refresh"
    case relaunch = "watch.relaunch"
    case failQueries = "health.queries-fail"
    case recoverQueries = "health.queries-recover"

    /// The actions of one day: with HealthKit, everything twice-logged and refreshed;
    /// without it (an iPad-like device), only what needs no HealthKit.
    static func plan(healthAvailable: Bool) -> [DayAction] {
        healthAvailable
            ? [.log, .log, .addSample, .deleteSample, .refresh, .refresh, .relaunch, .failQueries, .recoverQueries]
            : [.log, .log, .refresh, .relaunch]
    }
}
