// Copied by Scripts/workbench into the exercise's tests before every check: not yours to edit.
import Exercise
import Foundation
import TrackerSpec
import XCTest

/// The tests the workbench runs: the shared checks of TrackerSpec and the workbench's own,
/// on the exercise's app. Each writes one line to the file WORKBENCH_RESULTS names: fields
/// separated by tabs, with backslashes, tabs and newlines escaped, so that a failure keeps
/// the screen it shows line by line.
final class Grading: XCTestCase {
    private func record(_ fields: String...) {
        guard let path = ProcessInfo.processInfo.environment["WORKBENCH_RESULTS"] else { return }
        let line = fields.map {
            $0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\t", with: "\\t")
                .replacingOccurrences(of: "\n", with: "\\n")
        }.joined(separator: "\t") + "\n"
        // Appended and closed at once: a check that crashes the process keeps the lines before it.
        guard let file = fopen(path, "a") else { return }
        fputs(line, file)
        fclose(file)
    }

    /// WORKBENCH_RUN: "behaviour", "row:ID", "race:ID", "check:NAME", separated by "|";
    /// WORKBENCH_STOP_AT_FAILURE=1: the behaviour checks stop at the first that fails.
    func testGrade() async throws {
        let parts = (ProcessInfo.processInfo.environment["WORKBENCH_RUN"] ?? "").split(separator: "|").map(String.init)
        // For `verify`'s wrong answers: their first failing behaviour check is the evidence.
        let stopAtFailure = ProcessInfo.processInfo.environment["WORKBENCH_STOP_AT_FAILURE"] == "1"
        for part in parts {
            if part == "behaviour" {
                for check in Check.behaviour {
                    do {
                        try await check.run(on: CoffeeTrackerApp.self)
                        record("behaviour", "pass", check.name)
                    } catch {
                        record("behaviour", "fail", check.name, "\(error)")
                        if stopAtFailure { break }
                    }
                }
            } else if part.hasPrefix("row:") {
                let row = String(part.dropFirst(4))
                for check in Check.defects where check.defect == row {
                    do {
                        try await check.run(on: CoffeeTrackerApp.self)
                        record("row", "fixed", row, check.name)
                    } catch let seen as DefectObserved where seen.defect == row {
                        record("row", "present", row, check.name, seen.observation)
                    } catch {
                        record("row", "error", row, check.name, "\(error)")
                    }
                }
            } else if part.hasPrefix("race:") {
                let row = String(part.dropFirst(5))
                for check in Check.races where check.defect == row {
                    do {
                        try await check.run(on: CoffeeTrackerApp.self)
                        record("race", "ran", row, check.name)
                    } catch {
                        record("race", "error", row, check.name, "\(error)")
                    }
                }
            } else if part.hasPrefix("check:") {
                let name = String(part.dropFirst(6))
                do {
                    try await ExerciseChecks.run(name, on: CoffeeTrackerApp.self)
                    record("check", "pass", name)
                } catch {
                    record("check", "fail", name, "\(error)")
                }
            }
        }
    }
}
