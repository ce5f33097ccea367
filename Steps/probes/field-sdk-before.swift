// probe: -swift-version 6 -warnings-as-errors
// probe uses: RouteKit26
// An app's delegate and observer as written against SDK 26, built in the Swift 6 mode
// with every warning an error. field-sdk-after.swift is the same app against SDK 27.
import Foundation
import RouteKit26

/// Records the route; the exporter reads `summary()` off the main actor.
final class RouteRecorder: RouteTrackerDelegate {
    private let lock = NSLock()
    private var points: [Int] = []
    func tracker(_ tracker: RouteTracker, didRecord point: Int) { lock.withLock { points.append(point) } }
    func summary() -> String { lock.withLock { "\(points.count) points" } }
}

/// Counts the tracker's changes, on the tracker's queue.
final class ChangeCounter: RouteObserver {
    private let lock = NSLock()
    private var latest = 0
    func routeDidChange(pointCount: Int) { lock.withLock { latest = pointCount } }
    var count: Int { lock.withLock { latest } }
}

/// The exporter, a nonisolated async function: it runs off the main actor.
func export(_ recorder: RouteRecorder) async -> String { recorder.summary() }

@MainActor func recordARoute() async {
    let tracker = RouteTracker(), recorder = RouteRecorder(), counter = ChangeCounter()
    tracker.delegate = recorder
    tracker.add(counter)
    for point in 1...3 {
        await withCheckedContinuation { done in tracker.record(point) { done.resume() } }
    }
    let summary = await export(recorder)
    print("SDK 26: exported \(summary), \(counter.count) changes counted")
}

await recordARoute()
