// explain: -swift-version 6
// explain-uses: LegacyKit
// A type of a module built before Swift concurrency, captured by a `@Sendable` closure in
// Swift 6 code: the compiler offers `@preconcurrency import` (which only hides it).
import LegacyKit
import Dispatch

func resume(_ session: Session) {
    DispatchQueue.global().async { print(session.token) }
}

// The module's global var, written from Swift 6 code: 6.3.1 reports it at this use
// ("reference to var … involves shared mutable state", row unmigrated-module-global).
func countLegacyRequest() { legacyRequestCount += 1 }
