// probe: -swift-version 6
// probe uses: RouteKit27
// The app of field-sdk-after.swift against SDK 27, in the Swift 6 mode, with only the
// synchronous exporter: it builds (the call to the now main-actor `summary()` is a warning,
// since the isolation comes from a `@preconcurrency` protocol), and `summary()` then runs
// off the main actor, with no run-time check to stop it (measured with Swift 6.3.1 on
// Linux).
import Foundation
import RouteKit27

final class RouteRecorder: RouteTrackerDelegate {
    private let lock = NSLock()
    private var points: [Int] = []
    func tracker(_ tracker: RouteTracker, didRecord point: Int) { lock.withLock { points.append(point) } }
    func summary() -> String { lock.withLock { "\(points.count) points" } }
}

let mainKey = DispatchSpecificKey<Bool>()
func onMainQueue() -> Bool { DispatchQueue.getSpecific(key: mainKey) ?? false }

/// The synchronous exporter, called from a detached task: off the main actor.
func exportNow(_ recorder: RouteRecorder) -> String {
    recorder.summary() + ", summary() ran on the main queue: \(onMainQueue())"
}

@MainActor func recordARoute() async {
    let tracker = RouteTracker(), recorder = RouteRecorder()
    tracker.delegate = recorder
    for point in 1...3 {
        await withCheckedContinuation { done in tracker.record(point) { done.resume() } }
    }
    let summary = await Task.detached { exportNow(recorder) }.value
    print("SDK 27, synchronous exporter: exported \(summary)")
}

DispatchQueue.main.setSpecific(key: mainKey, value: true)
await recordARoute()
