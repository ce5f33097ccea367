import Foundation

/// What a test or the `tracker` executable waited for, when it never happened.
public struct TimedOut: Error, CustomStringConvertible {
    public let what: String
    public let after: Duration

    public init(what: String, after: Duration) {
        self.what = what
        self.after = after
    }
    public var description: String { "timed out after \(after) waiting for \(what)" }
}

/// Polls `condition` until it holds. Polling (rather than a notification) keeps the
/// waiter from adding synchronisation that ThreadSanitizer would see. The timeout only
/// turns a hang into a failure; it is generous, so that a busy machine is never one.
public func waitUntil(
    _ what: @autoclosure () -> String,
    timeout: Duration = .seconds(10),
    isolation: isolated (any Actor)? = #isolation,
    _ condition: () async throws -> Bool
) async throws {
    let deadline = ContinuousClock.now + timeout
    while try await !condition() {
        if ContinuousClock.now >= deadline { throw TimedOut(what: what(), after: timeout) }
        try await Task.sleep(for: .milliseconds(1))
    }
}
