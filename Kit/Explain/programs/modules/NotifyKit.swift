// flags: -swift-version 5
// A stand-in for UserNotifications' completion-handler API, built in the Swift 5 mode as an
// Objective-C SDK reaches Swift: a plain (not `@Sendable`) completion handler, called on a
// thread of the framework's own; and the `async` variant an Objective-C completion-handler
// method is imported with (SE-0297).
import Foundation

public final class NotificationCenterLike {
    public init() {}

    /// The app's center (`UNUserNotificationCenter.current()`).
    public static func current() -> NotificationCenterLike { NotificationCenterLike() }

    /// Calls `completionHandler` later, on a thread of its own, never on the caller's.
    public func requestAuthorization(completionHandler: @escaping (Bool, Error?) -> Void) {
        Thread { completionHandler(true, nil) }.start()
    }

    /// The same request, awaited: the caller resumes where it was (the main actor, for main-actor code).
    public func requestAuthorization() async throws -> Bool {
        try await withCheckedThrowingContinuation { continuation in
            requestAuthorization { granted, error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume(returning: granted) }
            }
        }
    }
}
