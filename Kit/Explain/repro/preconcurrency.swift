// explain: -swift-version 6
// explain-uses: LegacyKit
// A type of a module built before Swift concurrency, captured by a `@Sendable` closure in
// Swift 6 code: the compiler offers `@preconcurrency import` (which only hides it).
import LegacyKit
import Dispatch

func resume(_ session: Session) {
    DispatchQueue.global().async { print(session.token) }
}
