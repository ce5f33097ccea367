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
                record(hang.judged ? Finding(subject, .fail, title: property.name, details: [hang.description])
                       : Finding(subject, .notMeasured, title: property.name, details: ["not measured: \(hang.description)"]))
                for later in subjects.dropFirst(index + 1) {
                    record(Finding(later, .notMeasured, title: FieldPropertyID(rawValue: later.id)?.name ?? "",
                                   details: ["not measured: the check before it left the process hung"]))
                }
                exit(0)
            } }
            Crash.arm(Subject(.field, property.rawValue), title: property.name)
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

/// The one judgment every probe shares: a property holds only if it holds in every explored
/// case (by default every order of `Schedule.explored`); the first case that breaks it
/// decides, and the finding names that case, so the learner can see the order that broke it.
enum Explore {
    static func each<Case: CustomStringConvertible>(_ cases: [Case], _ scenario: (Case) async throws -> Measured) async throws -> Measured {
        var last: Measured?
        for explored in cases {
            Crash.during(explored.description)
            let measured = try await scenario(explored)
            if !measured.holds { return Measured(holds: false, seen: "\(explored): \(measured.seen)") }
            last = measured
        }
        let names = cases.map(\.description).joined(separator: ", ")
        return Measured(holds: true, seen: "in \(cases.count) explored cases (\(names)): \(last?.seen ?? "")")
    }

    static func each(_ scenario: (Schedule) async throws -> Measured) async throws -> Measured {
        try await each(Schedule.explored, scenario)
    }
}

/// A crash in the learner's code (a trap, a fault) ends the test process before any finding
/// is written. The harness keeps the finding the crash means ready, as bytes, for the
/// property being measured and the case being explored, and a signal handler writes it: the
/// grade then says which property crashed, and in which order, instead of "it did not run".
enum Crash {
    nonisolated(unsafe) private static var line: UnsafeMutablePointer<CChar>?
    nonisolated(unsafe) private static var length = 0
    nonisolated(unsafe) private static var file: Int32 = -1
    nonisolated(unsafe) private static var subject = Subject(.field)
    nonisolated(unsafe) private static var title = ""

    /// Called before each property: where the finding goes, and for what.
    static func arm(_ subject: Subject, title: String) {
        if file < 0, let path = ProcessInfo.processInfo.environment["WORKBENCH_RESULTS"] {
            file = open(path, O_WRONLY | O_APPEND | O_CREAT, 0o644)
            for signal in [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE] { _ = Foundation.signal(signal, onCrash) }
        }
        self.subject = subject
        self.title = title
        during("measuring")
    }

    /// What the probe is doing now, for the finding a crash would write.
    static func during(_ what: String) {
        let finding = Finding(subject, .fail, title: title,
                              details: ["the process crashed (a trap or a fault in the code under test), \(what)"])
        let rendered = strdup(finding.jsonLine)
        // The old text is left allocated: a handler may be reading it on another thread.
        line = nil
        length = rendered.map { strlen($0) } ?? 0
        line = rendered
    }

    private static let onCrash: @convention(c) (Int32) -> Void = { signal in
        if let line = Crash.line, Crash.file >= 0 { _ = write(Crash.file, line, Crash.length) }
        // Back to the default: the fault happens again on return, and ends the process as before.
        _ = Foundation.signal(signal, SIG_DFL)
    }
}
