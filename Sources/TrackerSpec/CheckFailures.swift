import Foundation
import SimSupport

/// A check failed: says what was expected and what the watch showed.
public struct CheckFailure: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// Fails with `message` unless `condition` holds.
func expect(_ condition: Bool, _ message: @autoclosure () -> String) throws {
    if !condition { throw CheckFailure(message()) }
}

/// A defect check saw its defect: the one failure the suite accepts as a known issue.
/// Anything else a defect check throws (a setup step timing out, say) proves nothing and
/// fails the run.
public struct DefectObserved: Error, CustomStringConvertible {
    public let defect: String
    public let observation: String
    public var description: String { "\(defect): \(observation)" }
}

/// A run whose check waited for an event and got a clock instead: whatever it saw after
/// that, pass or defect, is no evidence. Never a verdict about the app.
public struct RunJudgedNothing: Error, CustomStringConvertible {
    public enum Reason: String, Sendable {
        /// A gate the check held lapsed (`Gate.patience`) before the check opened it: the
        /// SDK event went on in an order the check did not choose.
        case heldEventLapsed = "held-event-lapsed"
        /// A wait for the app to be idle ended at its limit with the app still busy: the
        /// check looked before the app had done what it was doing.
        case neverIdle = "never-idle"
        /// What the check judges needs the kernel's thread states, which cannot be read here
        /// (`RunnableThreads`): the check says "not measured" rather than pass.
        case threadStatesUnread = "thread-states-unread"
    }

    public let reasons: [Reason]

    public init(reasons: [Reason]) { self.reasons = reasons }

    public var description: String {
        let what = reasons.map { reason in
            switch reason {
            case .heldEventLapsed: "a held SDK event went on by itself after \(Gate.patience), before the check released it"
            case .neverIdle: "the app was still busy when a wait for it to be idle reached its limit"
            case .threadStatesUnread: "not measured: without the kernel's thread states, main waiting on work it handed another queue cannot be seen"
            }
        }
        return what.joined(separator: "; ") + ": this run judged nothing (a check that forgot its gate, "
            + "an app that never rests, or a machine far too busy)"
    }
}

/// Runs the step of a defect check where `defect` shows: a failed expectation in it is
/// that defect, observed. A timeout is not: on a busy machine it would make the machine's
/// speed the verdict. It fails the run like any other error (a step waits for events, as
/// `AppRun.quiesce` does, and looks).
func observing(
    _ defect: String, isolation: isolated (any Actor)? = #isolation, _ step: () async throws -> Void
) async throws {
    do {
        try await step()
    } catch let failure as CheckFailure {
        throw DefectObserved(defect: defect, observation: failure.description)
    }
}
