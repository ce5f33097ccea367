// probe: -swift-version 6
// probe uses: RouteKit27
// The app of field-sdk-before.swift, unchanged, against SDK 27, in the Swift 6 mode (no
// warning made an error this time). Only the SDK's two annotations changed. Added to it:
// a synchronous exporter, and a recorder with an `init` written out, made off main.
import Foundation
import RouteKit27

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

/// A synchronous exporter, for a caller that is off the main actor already.
func exportNow(_ recorder: RouteRecorder) -> String { recorder.summary() }

/// A recorder whose `init` is written out. `RouteRecorder`'s is synthesized (its stored
/// properties have defaults) and stays nonisolated; this one is main-actor, with the class.
final class StartedRecorder: RouteTrackerDelegate {
    private var points: [Int]
    init() { points = [] }
    func tracker(_ tracker: RouteTracker, didRecord point: Int) { points.append(point) }
}
func makeRecorders() async -> (RouteRecorder, StartedRecorder) { (RouteRecorder(), StartedRecorder()) }

@MainActor func recordARoute() async {
    let tracker = RouteTracker(), recorder = RouteRecorder(), counter = ChangeCounter()
    tracker.delegate = recorder
    tracker.add(counter)
    for point in 1...3 {
        await withCheckedContinuation { done in tracker.record(point) { done.resume() } }
    }
    let summary = await export(recorder)
    print("SDK 27: exported \(summary), \(counter.count) changes counted")
}

await recordARoute()
