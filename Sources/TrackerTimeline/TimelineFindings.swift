import Foundation
import SimSupport
import TrackerSpec

/// What an event shows, in words, by rules on what was measured: where it ran, what ran
/// at the same time, and what the runtime saw. A catalogue row is named only where its
/// own detector's evidence is in the events (a stall, a main-only call off main, a change
/// published off main), never because of the stage.
extension Timeline {
    static func withFindings(_ entry: Entry, among entries: [Entry], stalls: [Stall]) -> Entry {
        Entry(event: entry.event, lane: entry.lane, note: entry.note,
              findings: findings(of: entry, among: entries, stalls: stalls), phase: entry.phase)
    }

    static func findings(of entry: Entry, among entries: [Entry], stalls: [Stall]) -> [String] {
        let event = entry.event
        switch event.kind {
        case .diskRead, .diskWrite:
            guard entry.lane == .main else { return [] }
            let blocking = stalls.first { $0.start <= entry.end && $0.end >= entry.end }
            guard let blocking else { return ["disk I/O on the main thread"] }
            let stall = "main stalled " + String(format: "%.1f ms", blocking.milliseconds)
            return [refreshOpen(at: entry.start, among: entries) ? "main-thread-blocked: \(stall)" : stall]
        case .offMainCall:
            switch entry.lane.kind {
            case .healthKit: return ["refresh-completes-off-main: main-only, on HealthKit's queue"]
            case .pool: return ["shim-calls-back-off-main: main-only, on the pool"]
            default: return ["a main-only call off main"]
            }
        case .published:
            guard entry.lane != .main else { return [] }
            if event.what.hasSuffix(".healthAccess") && entry.lane.kind == .pool {
                return ["race-health-access: set on the pool, drawn on main"]
            }
            return ["published off main (SwiftUI warns)"]
        case .healthAnswer:
            let overlapping = entries.filter {
                $0.event.kind == .healthAnswer && $0.event.id != event.id && $0.lane != entry.lane
                    && $0.start < entry.end && entry.start < $0.end
            }
            return overlapping.isEmpty ? [] : ["runs at the same time as \(overlapping[0].event.what)"]
        case .taskCompleted:
            return event.ioInFlight > 0 ? ["completed while disk I/O still runs"] : []
        case .healthRequest, .complicationReload, .complicationEntry, .taskDelivered, .refreshScheduled, .phase:
            return []
        }
    }

    /// Whether a background task had been delivered and not completed at `time`.
    static func refreshOpen(at time: UInt64, among entries: [Entry]) -> Bool {
        let delivered = entries.filter { $0.event.kind == .taskDelivered && $0.start <= time }.count
        let completed = entries.filter { $0.event.kind == .taskCompleted && $0.start <= time }.count
        return delivered > completed
    }
}
