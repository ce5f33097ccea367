/// A background task the runtime hands the app. The app must call
/// `setTaskCompletedWithSnapshot(_:)` exactly once, on the main thread, when all the
/// work the task started (including its disk I/O) has finished.
@preconcurrency @MainActor
public class WKRefreshBackgroundTask: Hashable {
    public nonisolated let identifier: Int
    weak var owner: WKExtension?

    init(identifier: Int, owner: WKExtension) {
        self.identifier = identifier
        self.owner = owner
    }

    public func setTaskCompletedWithSnapshot(_ refreshSnapshot: Bool) {
        // Sampled at the call, wherever it is made: was the app's I/O still running?
        let ioInFlight = owner?.device.container.inFlight.level ?? 0
        guard WKExtension.isOnMainThread("WKRefreshBackgroundTask.setTaskCompletedWithSnapshot", owner: owner, replay: {
            self.complete(ioInFlight: ioInFlight)
        }) else { return }
        complete(ioInFlight: ioInFlight)
    }

    private func complete(ioInFlight: Int) {
        owner?.recordCompletion(of: self, ioInFlight: ioInFlight)
    }

    public nonisolated static func == (lhs: WKRefreshBackgroundTask, rhs: WKRefreshBackgroundTask) -> Bool {
        lhs.identifier == rhs.identifier
    }

    public nonisolated func hash(into hasher: inout Hasher) { hasher.combine(identifier) }
}

/// The task watchOS delivers for a scheduled background refresh.
public final class WKApplicationRefreshBackgroundTask: WKRefreshBackgroundTask {}
