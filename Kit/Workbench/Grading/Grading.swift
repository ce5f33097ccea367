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

    /// WORKBENCH_SEEDS "FIRST:COUNT": the explored days. WORKBENCH_SOLUTION_DAYS: what the
    /// kit's solution broke on each of them (JSON, seed: ["ID", "ID|WITNESS", …]): a day's
    /// broken invariant is the answer's own unless the solution broke it on the same seed and
    /// the answer loses or duplicates nothing more (`Witness`). Without it,
    /// WORKBENCH_SOLUTION_BREAKS: ids excused on every day. One line a day (its seed, the
    /// ids it broke, their witnesses), so that the workbench sees progress; then, for the
    /// first day that breaks each invariant as the answer's own, its shortest order.
    private func exploreInvariants() async throws {
        let environment = ProcessInfo.processInfo.environment
        let range = (environment["WORKBENCH_SEEDS"] ?? "1:12").split(separator: ":").compactMap { UInt64($0) }
        let (first, count) = range.count == 2 ? (range[0], range[1]) : (1, 12)
        let judge = DayBaseline(environment)
        var shrunk: Set<String> = []
        for seed in first..<first + count {
            let day = try await Explorer.play(CoffeeTrackerApp.self, seed: seed, countingHealth: environment["WORKBENCH_COUNT_HEALTH"] == "1")
            let broken: [(id: String, witnesses: [String])] = day.hungAfter != nil ? [("no-progress", [])]
                : zip(day.broken, day.witnesses.count == day.broken.count ? day.witnesses : day.broken.map { _ in [] }).map { ($0.rawValue, $1) }
            var line = Finding(Subject(.invariant), .pass, title: "an explored day",
                               details: broken.flatMap { item in item.witnesses.map { "\(item.id)|\($0)" } }, failing: broken.map(\.id))
            line.seed = seed
            record(line)
            for (id, witnesses) in broken {
                guard let why = judge.own(id, witnesses, seed: seed), shrunk.insert(id).inserted else { continue }
                let invariant = Invariant(rawValue: id)
                let lean = invariant == nil || environment["WORKBENCH_NO_SHRINK"] == "1"
                    ? nil : try await Explorer.explore(CoffeeTrackerApp.self, count: 1, firstSeed: seed).findings.first { $0.id == id }
                var finding = Finding(
                    Subject(.invariant, id), .fail, title: invariant?.name ?? "the day makes progress",
                    details: [why] + (day.hungAfter.map { [Hang.noProgress(after: $0, day.hang)] }
                        ?? zip(day.broken, day.seen).filter { $0.0.rawValue == id }.map { "seen: \($0.1)" }))
                finding.seed = seed
                finding.order = lean?.order ?? day.order
                record(finding)
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

/// What the kit's solution broke on the explored days, as the workbench passed it.
struct DayBaseline {
    let days: [String: [String]]?
    let excused: Set<String>

    init(_ environment: [String: String]) {
        days = environment["WORKBENCH_SOLUTION_DAYS"].flatMap { try? JSONDecoder().decode([String: [String]].self, from: Data($0.utf8)) }
        excused = Set((environment["WORKBENCH_SOLUTION_BREAKS"] ?? "").split(separator: ",").map(String.init))
    }

    /// Why the broken invariant `id` is the answer's own on `seed`; nil when the solution
    /// broke it there as badly.
    func own(_ id: String, _ witnesses: [String], seed: UInt64) -> String? {
        guard let days else { return excused.contains(id) ? nil : "the kit's solution holds it on every explored day" + Self.words(witnesses) }
        let solution = days["\(seed)"] ?? []
        guard solution.contains(id) else { return "the kit's solution holds it on this day" + Self.words(witnesses) }
        let theirs = solution.filter { $0.hasPrefix(id + "|") }.map { String($0.dropFirst(id.count + 1)) }
        let beyond = Witness.beyond(witnesses, theirs)
        guard !beyond.isEmpty else { return nil }
        return "the kit's solution breaks it on this day too, but this answer loses or duplicates more" + Self.words(beyond)
    }

    /// "; this answer: disk lost ×1, Health extra ×2".
    private static func words(_ witnesses: [String]) -> String {
        guard !witnesses.isEmpty else { return "" }
        let counts = Dictionary(witnesses.map { ($0, 1) }, uniquingKeysWith: +).sorted { $0.key < $1.key }
        return "; this answer: " + counts.map { "\($0.key) ×\($0.value)" }.joined(separator: ", ")
    }
}

extension ExplorationFinding {
    /// What the grade calls it: the invariant's id, or "no-progress" for a day that hung.
    var id: String { invariant?.rawValue ?? "no-progress" }
}
