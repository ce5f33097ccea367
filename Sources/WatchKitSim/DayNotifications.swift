import Foundation
import SimSupport

// What Foundation on Apple platforms has and swift-corelibs-foundation lacks (measured with
// Swift 6.3.1 on Linux, which does have `NSCalendarDayChanged`): the notification that
// says the clock was set, and the async-sequence form of observing. Declared as Apple's SDK
// declares them, so a stage compiles the same against either (see `Steps/FIDELITY.md`).
//
// On Apple platforms the stages use Foundation's own sequence, which counts nothing for the
// race scenarios; `KIT_FORCE_FALLBACK=notifications` makes this one count nothing either, so
// that the scenarios' path for Apple platforms runs, and is tested, on Linux.
#if !canImport(Darwin)
extension NSNotification.Name {
    /// Posted when the system clock is set. Its object and user info are `nil`. Apple
    /// declares a `static let`; a computed property here, because a lazily initialised
    /// global is a lock to ThreadSanitizer on Linux.
    @available(watchOS 2.0, macOS 10.6, *)
    public static var NSSystemClockDidChange: NSNotification.Name {
        NSNotification.Name("NSSystemClockDidChangeNotification")
    }
}

extension NotificationCenter {
    /// The notifications this center posts with `name` (and `object`, when given), as an
    /// async sequence: observing starts when the sequence is made and ends when its loop
    /// ends or its task is cancelled. Not `Sendable`, and neither is its element, as on
    /// Apple platforms.
    @available(watchOS 8.0, macOS 12.0, *)
    @preconcurrency
    public func notifications(named name: Notification.Name, object: (any AnyObject & Sendable)? = nil) -> Notifications {
        Notifications(center: self, name: name, object: object)
    }

    @available(watchOS 8.0, macOS 12.0, *)
    public final class Notifications: AsyncSequence {
        public typealias Element = Notification

        private let stream: AsyncStream<Unchecked<Notification>>
        /// Whether the loops are counted for the race scenarios (not when the fallback is forced).
        private let counted: Bool

        init(center: NotificationCenter, name: Notification.Name, object: (any AnyObject & Sendable)?) {
            let (stream, continuation) = AsyncStream.makeStream(of: Unchecked<Notification>.self)
            // Sound: the posting thread hands each notification to the one loop that reads it.
            let observer = Unchecked(center.addObserver(forName: name, object: object, queue: nil) { notification in
                continuation.yield(Unchecked(notification))
            })
            continuation.onTermination = { _ in center.removeObserver(observer.value) }
            self.stream = stream
            counted = !PlatformFallback.isForced(.notifications)
        }

        public func makeAsyncIterator() -> Iterator {
            Iterator(base: stream.makeAsyncIterator(), counted: counted)
        }

        public struct Iterator: AsyncIteratorProtocol {
            var base: AsyncStream<Unchecked<Notification>>.Iterator
            let counted: Bool

            public mutating func next() async -> Notification? {
                await base.next()?.value
            }

            /// What a `for await` loop calls, on the loop's own actor. Counts, for the
            /// race scenarios, the loops waiting off the main actor: their next turn runs
            /// at once when a notification comes, not behind a busy main thread.
            public mutating func next(isolation actor: isolated (any Actor)?) async -> Notification? {
                let offMain = actor.map { ObjectIdentifier($0) != ObjectIdentifier(MainActor.shared) } ?? true
                let running = offMain && counted ? WKExtension.running : nil
                running?.notificationLoopsWaitingOffMain.enter()
                defer { running?.notificationLoopsWaitingOffMain.leave() }
                let notification = await base.next(isolation: actor)?.value
                if notification != nil { running?.notificationsTakenOffMain.increment() }
                return notification
            }
        }
    }
}
#endif
