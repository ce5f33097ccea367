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

    /// The actions of the day of `seed`. Seeds take turns among a few shapes of day: a
    /// long one with everything, and short ones of a handful of events, whose orders a
    /// few seeds cover far better (overlapping refreshes around another app's change; a
    /// refresh while HealthKit fails; taps while the app launches and relaunches); one seed
    /// in six plays a device without HealthKit (an iPad-like device), with only what needs
    /// no HealthKit. A refresh comes only once the app has scheduled one (`ExploredDay`).
    static func plan(seed: UInt64) -> [DayAction] {
        switch seed % 6 {
        case 0: [.log, .log, .refresh, .relaunch]
        case 2, 4: [.refresh, .addSample, .refresh]
        case 3: [.failQueries, .refresh, .log, .refresh]
        case 5: [.log, .addSample, .relaunch, .deleteSample, .log]
        default: [.log, .log, .addSample, .deleteSample, .refresh, .refresh, .relaunch, .failQueries, .recoverQueries]
        }
    }

    /// Whether the day of `seed` lets the launch finish before its first action (the
    /// short day of overlapping refreshes: they overlap each other, not the launch).
    static func launchFinishesFirst(seed: UInt64) -> Bool { seed % 6 == 2 || seed % 6 == 4 }

    /// Whether another app's sample is in Health before the app first launches: on the days
    /// of a failing refresh (3) and of a relaunch (5), which start from the launch.
    static func sampleBeforeLaunch(seed: UInt64) -> Bool { [1, 3, 5].contains(seed % 6) }

    /// Whether the day of `seed` runs on a device with HealthKit.
    static func healthAvailable(seed: UInt64) -> Bool { seed % 6 != 0 }
}
