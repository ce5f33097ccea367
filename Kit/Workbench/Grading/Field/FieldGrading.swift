// Copied by Scripts/workbench into a field exercise's tests before every check: not yours to edit.
import Foundation
import XCTest

/// The test the workbench runs on a field exercise: for each property WORKBENCH_RUN names
/// ("field:ID|field:ID"), the exercise's probe (`Probe.measure`, in the exercise's grade/
/// folder) drives the learner's code and says what it measured. One finding a property,
/// appended to the file WORKBENCH_RESULTS names.
final class Grading: XCTestCase {
    private func record(_ finding: Finding) { finding.record() }

    func testGrade() async throws {
        let subjects = (ProcessInfo.processInfo.environment["WORKBENCH_RUN"] ?? "").split(separator: "|")
            .compactMap { Subject(parsing: String($0)) }
        for (index, subject) in subjects.enumerated() {
            guard subject.kind == .field, let property = FieldPropertyID(rawValue: subject.id) else {
                record(Finding(subject, .error, details: ["the field harness does not run \(subject)"]))
                continue
            }
            // A hang is reported from the harness's own thread (Drive): the hung work may hold
            // every thread this test would need to resume on.
            Hang.onHang.withLock { $0 = { [self] hang in
                record(Finding(subject, .fail, title: property.name, details: [hang.description]))
                for later in subjects.dropFirst(index + 1) {
                    record(Finding(later, .notMeasured, title: FieldPropertyID(rawValue: later.id)?.name ?? "",
                                   details: ["not measured: the check before it left the process hung"]))
                }
                exit(0)
            } }
            do {
                let measured = try await Probe.measure(property)
                record(Finding(subject, measured.holds ? .pass : .fail, title: property.name, details: [measured.seen]))
            } catch {
                record(Finding(subject, .error, title: property.name, details: ["the probe stopped: \(error)"]))
            }
        }
    }
}

/// What a probe measured for one property: whether it holds, and what was seen, in words
/// built from the measurement (counts, orders, values), never from the learner's output.
struct Measured: Sendable {
    let holds: Bool
    let seen: String
}
