import Foundation
import SimSupport

/// A background task the runtime hands the app. The app must call
/// `setTaskCompletedWithSnapshot(_:)` exactly once, when all the work the task started
/// (including its disk I/O) has finished.
///
/// As in WatchKit the class has no actor annotation and is `Sendable` (`NS_SWIFT_SENDABLE`):
/// it may be sent to, and completed from, any thread.
@preconcurrency
public class WKRefreshBackgroundTask: Hashable, @unchecked Sendable {
    // `@unchecked Sendable` is sound: the stored properties are `let`s of Sendable types,
    // but for the expiration handler, which is set before the runtime reads it.
    public let identifier: Int
    private let log: CompletionLog
    private let ioInFlight: Gauge
    private let mainQueue: MainQueue
    private let timeline: TimelineRecorder?
    private let inBackground: SimLock<Bool>
    private let ledger: LedgerKeeping?

    @MainActor
    init(identifier: Int, owner: WKExtension) {
        self.identifier = identifier
        log = owner.completionLog
        ioInFlight = owner.device.container.inFlight
        mainQueue = owner.mainQueue
        timeline = owner.device.timeline
        inBackground = owner.inBackground
        ledger = owner.device.ledger
    }

    /// Called when the task's time is about to run out (watchOS 8): a plain closure in a
    /// plain property, as WatchKit declares it. An app sets it in `handle(_:)`, on main;
    /// the runtime calls it later, on a background queue (`WKExtension.expireBackgroundTasks()`).
    @preconcurrency
    public nonisolated(unsafe) var expirationHandler: (() -> Void)?

    @preconcurrency
    public func setTaskCompletedWithSnapshot(_ refreshSnapshot: Bool) {
        // Sampled at the call: was the app's I/O still running, which task asked, from where?
        let running = ioInFlight.level
        timeline?.note(.taskCompleted, "background task #\(identifier) completed", ioInFlight: running)
        log.append(.init(taskIdentifier: identifier, ioInFlight: running, taskName: currentTaskName,
                         onMainThread: mainQueue.isCurrent))
        if let ledger {
            let saved = ledger.savedIDs()
            ledger.ledger.note(.taskCompleted(task: identifier, inBackground: inBackground.withLock { $0 }, saved: saved))
        }
    }

    /// The calling task's name (SE-0469): `Task.name` needs the Swift 6.2 runtime, which
    /// Apple's systems carry from their 26 releases on.
    private var currentTaskName: String? {
        if #available(macOS 26, iOS 26, watchOS 26, tvOS 26, visionOS 26, *) { Task.name } else { nil }
    }

    public static func == (lhs: WKRefreshBackgroundTask, rhs: WKRefreshBackgroundTask) -> Bool {
        lhs.identifier == rhs.identifier
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }
}

/// The task watchOS delivers for a scheduled background refresh.
@preconcurrency
public final class WKApplicationRefreshBackgroundTask: WKRefreshBackgroundTask, @unchecked Sendable {}

/// Every completion of the run's tasks, in order, from whichever thread made it. A
/// `SimLock`: the test reading the record on main must not order the app's accesses.
final class CompletionLog: Sendable {
    private let completions = SimLock<[RuntimeRecord.Completion]>([])

    func append(_ completion: RuntimeRecord.Completion) {
        completions.withLock { $0.append(completion) }
    }

    var entries: [RuntimeRecord.Completion] { completions.withLock { $0 } }
}
