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

/// A gate the check held lapsed (`Gate.patience`) before the check opened it: the SDK
/// event went on in an order the check did not choose, so whatever the check saw after it,
/// pass or defect, is no evidence. Never a verdict about the app.
public struct HeldEventLapsed: Error, CustomStringConvertible {
    public var description: String {
        "a held SDK event went on by itself after \(Gate.patience) before the check released it: "
            + "this run judged nothing (a check that forgot its gate, or a machine far too busy)"
    }
}

/// Runs the step of a defect check where `defect` shows: a failed expectation or a
/// timeout in it is that defect, observed.
func observing(
    _ defect: String, isolation: isolated (any Actor)? = #isolation, _ step: () async throws -> Void
) async throws {
    do {
        try await step()
    } catch let failure as CheckFailure {
        throw DefectObserved(defect: defect, observation: failure.description)
    } catch let timeout as TimedOut {
        throw DefectObserved(defect: defect, observation: timeout.description)
    }
}
