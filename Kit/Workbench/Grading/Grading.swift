// Copied by Scripts/workbench into the exercise's tests before every check: not yours to edit.
import Exercise
import Foundation
import TrackerSpec
import XCTest

/// The tests the workbench runs: the shared checks of TrackerSpec and the workbench's own,
/// on the exercise's app. Each writes one finding (GradeReport.swift) to the file
/// WORKBENCH_RESULTS names, one JSON object a line.
final class Grading: XCTestCase {
    private func record(_ finding: Finding) { finding.record() }

    /// WORKBENCH_RUN: subjects separated by "|": "behaviour", "row:ID", "race:ID", "check:ID";
    /// WORKBENCH_STOP_AT_FAILURE=1: the behaviour checks stop at the first that fails.
    func testGrade() async throws {
        let subjects = (ProcessInfo.processInfo.environment["WORKBENCH_RUN"] ?? "").split(separator: "|")
            .map { Subject(parsing: String($0)) }
        // For `verify`'s wrong answers: their first failing behaviour check is the evidence.
        let stopAtFailure = ProcessInfo.processInfo.environment["WORKBENCH_STOP_AT_FAILURE"] == "1"
        for subject in subjects {
            guard let subject else { continue }
            switch subject.kind {
            case .behaviour:
                for check in Check.behaviour {
                    let finding = await judge(Subject(.behaviour, check.id), check.name) { try await check.run(on: CoffeeTrackerApp.self) }
                    record(finding)
                    if stopAtFailure && finding.verdict != .pass { break }
                }
            case .row:
                for check in Check.defects where check.defect == subject.id {
                    do {
                        try await check.run(on: CoffeeTrackerApp.self)
                        record(Finding(subject, .pass, title: check.name, details: ["the defect is gone"]))
                    } catch let seen as DefectObserved where seen.defect == subject.id {
                        record(Finding(subject, .fail, title: check.name, details: [seen.observation]))
                    } catch {
                        record(Finding(subject, .error, title: check.name, details: ["\(error)"]))
                    }
                }
            case .race:
                for check in Check.races where check.defect == subject.id {
                    // Pass: the scenario ran to its end; the workbench judges TSan's reports.
                    record(await judge(subject, check.name, failure: .error) { try await check.run(on: CoffeeTrackerApp.self) })
                }
            case .check:
                record(await judge(subject, subject.id) { try await ExerciseChecks.run(subject.id, on: CoffeeTrackerApp.self) })
            case .invariant:
                do { try await exploreInvariants() } catch {
                    record(Finding(subject, .error, title: "exploring schedules", details: ["\(error)"]))
                }
            default:
                record(Finding(subject, .error, details: ["the grading tests do not run \(subject)"]))
            }
        }
    }

    /// WORKBENCH_SEEDS "FIRST:COUNT": the explored days; WORKBENCH_SOLUTION_BREAKS: the
    /// invariant ids the kit's solution breaks too (not shrunk: the workbench does not fail
    /// on them). One line a day (its seed, the ids it broke), so that the workbench sees
    /// progress; then, for the first day that breaks each other invariant, its shortest order.
    private func exploreInvariants() async throws {
        let environment = ProcessInfo.processInfo.environment
        let range = (environment["WORKBENCH_SEEDS"] ?? "1:12").split(separator: ":").compactMap { UInt64($0) }
        let (first, count) = range.count == 2 ? (range[0], range[1]) : (1, 12)
        let allowed = Set((environment["WORKBENCH_SOLUTION_BREAKS"] ?? "").split(separator: ",").map(String.init))
        var shrunk: Set<String> = []
        for seed in first..<first + count {
            let day = try await Explorer.explore(CoffeeTrackerApp.self, count: 1, firstSeed: seed, shrink: false)
            var line = Finding(Subject(.invariant), .pass, title: "an explored day", failing: day.findings.map(\.id))
            line.seed = seed
            record(line)
            for found in day.findings where !allowed.contains(found.id) && shrunk.insert(found.id).inserted {
                let lean = found.invariant == nil || environment["WORKBENCH_NO_SHRINK"] == "1"
                    ? found : try await Explorer.explore(CoffeeTrackerApp.self, count: 1, firstSeed: seed).findings.first { $0.id == found.id } ?? found
                var broken = Finding(
                    Subject(.invariant, found.id), .fail, title: found.invariant?.name ?? "the day makes progress",
                    details: found.noProgress.map { [$0] } ?? [])
                broken.seed = seed
                broken.order = lean.order
                record(broken)
            }
        }
    }

    private func judge(_ subject: Subject, _ title: String, failure: Finding.Verdict = .fail, _ body: () async throws -> Void) async -> Finding {
        do {
            try await body()
            return Finding(subject, .pass, title: title)
        } catch let lapsed as RunJudgedNothing {
            // The check did not judge the answer: never a pass, never a failure of it.
            return Finding(subject, .error, title: title, details: ["\(lapsed)"])
        } catch {
            return Finding(subject, failure, title: title, details: ["\(error)"])
        }
    }
}

extension ExplorationFinding {
    /// What the grade calls it: the invariant's id, or "no-progress" for a day that hung.
    var id: String { invariant?.rawValue ?? "no-progress" }
}
