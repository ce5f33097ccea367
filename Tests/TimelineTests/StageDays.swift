@testable import tracker
import TrackerSpec
import TrackerTimeline
import WatchKitSim

/// Each stage's day, played once with its timeline recorded, shared by the tests.
@MainActor
enum StageDays {
    /// Slow enough that a save on main stands far above the watchdog's beat (1 ms). Noise
    /// from a busy machine only lengthens stalls, and no test here asks for a short one.
    static let diskDelay: Duration = .milliseconds(40)
    /// In nanoseconds: the stall a save on main must at least cause.
    static let halfADiskWrite = 20_000_000.0

    private static var played: [Int: Timeline] = [:]

    static func timeline(ofStage number: Int) async throws -> Timeline {
        if let timeline = played[number] { return timeline }
        let day = WatchDay(stage: Stage.all[number], app: app(forStage: number), diskDelay: diskDelay, recordsTimeline: true)
        let timeline = try await day.run()!
        played[number] = timeline
        return timeline
    }
}

extension Timeline {
    /// The entries of each background refresh: from its task's delivery to its completion.
    var refreshes: [[Entry]] {
        let delivered = entries.filter { $0.event.kind == .taskDelivered }
        return delivered.map { delivery in
            let number = delivery.event.what.split(separator: " ").first { $0.hasPrefix("#") } ?? ""
            let completion = entries.first { $0.event.kind == .taskCompleted && $0.event.what.contains("\(number) ") }
            let end = completion?.start ?? .max
            return entries.filter { $0.start >= delivery.start && $0.start <= end }
        }
    }
}
