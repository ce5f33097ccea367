// probe: -swift-version 6 -warnings-as-errors
// probe uses: RouteKit27
// Three ways to build the app of field-sdk-before.swift against SDK 27 without a warning:
// conform in an extension, a `nonisolated` type, and a `Sendable` forwarder with a `weak let`.
import Foundation
import RouteKit27
import Synchronization

/// Fix 1: the conformance in an extension. Only the witnesses there are main-actor; the
/// class and `summary()` stay nonisolated.
final class RouteRecorder {
    private let lock = NSLock()
    private var points: [Int] = []
    func summary() -> String { lock.withLock { "\(points.count) points" } }
    fileprivate func add(_ point: Int) { lock.withLock { points.append(point) } }
}

extension RouteRecorder: RouteTrackerDelegate {
    func tracker(_ tracker: RouteTracker, didRecord point: Int) { add(point) }
}

/// Fix 2: a `nonisolated` type takes no isolation from its conformances; its nonisolated
/// witness satisfies the main-actor requirement.
nonisolated final class PlainRecorder: RouteTrackerDelegate {
    private let lock = NSLock()
    private var points: [Int] = []
    func tracker(_ tracker: RouteTracker, didRecord point: Int) { lock.withLock { points.append(point) } }
    func summary() -> String { lock.withLock { "\(points.count) points" } }
}

/// An observer that is `Sendable` for real: its state lives in a `Mutex`.
final class ChangeCounter: RouteObserver {
    private let latest = Mutex(0)
    func routeDidChange(pointCount: Int) { latest.withLock { $0 = pointCount } }
    var count: Int { latest.withLock { $0 } }
}

/// A main-actor screen cannot be the tracker's observer (it is called on the tracker's
/// queue). Fix 3: a `Sendable` forwarder holds it with a `weak let` and hops to main.
@MainActor final class RouteScreen {
    private(set) var received = 0
    func show(_ pointCount: Int) { received += 1 }
}

final class ScreenForwarder: RouteObserver {
    weak let screen: RouteScreen?
    init(_ screen: RouteScreen) { self.screen = screen }
    func routeDidChange(pointCount: Int) {
        Task { @MainActor [screen] in screen?.show(pointCount) }
    }
}

func export(_ recorder: RouteRecorder) async -> String { recorder.summary() }
func export(_ recorder: PlainRecorder) async -> String { recorder.summary() }

@MainActor func record(_ count: Int, on tracker: RouteTracker) async {
    for point in 1...count {
        await withCheckedContinuation { done in tracker.record(point) { done.resume() } }
    }
}

@MainActor func recordRoutes() async {
    let tracker = RouteTracker(), recorder = RouteRecorder(), counter = ChangeCounter()
    var screen: RouteScreen? = RouteScreen()
    tracker.delegate = recorder
    tracker.add(counter)
    tracker.add(ScreenForwarder(screen!))
    await record(3, on: tracker)
    while screen!.received < 3 { try? await Task.sleep(for: .milliseconds(10)) }
    print("extension: exported \(await export(recorder)), \(counter.count) changes counted, screen shown \(screen!.received)")
    weak let gone = screen
    screen = nil
    print("screen released while the tracker holds its forwarder: \(gone == nil ? "freed" : "kept alive")")
    let plain = PlainRecorder()
    tracker.delegate = plain
    await record(2, on: tracker)
    print("nonisolated type: exported \(await export(plain))")
}

await recordRoutes()
