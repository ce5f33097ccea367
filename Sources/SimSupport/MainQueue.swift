import Dispatch

/// Tells whether the caller runs on the main queue.
///
/// On Linux the main queue is not always served by the process's first thread, so
/// `Thread.isMainThread` can be wrong; a queue-specific value is exact on both platforms.
public enum MainQueue {
    private static let key = DispatchSpecificKey<Bool>()
    private static let marked: Bool = {
        DispatchQueue.main.setSpecific(key: key, value: true)
        return true
    }()

    public static var isCurrent: Bool {
        _ = marked
        return DispatchQueue.getSpecific(key: key) == true
    }
}
