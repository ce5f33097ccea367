import Foundation
import TrackerSpec

/// `--explore COUNT`: plays COUNT seeded days of a stage; returns the exit status.
func explore(stage number: Int, count: Int) async -> Int32 {
    do {
        let started = ContinuousClock.now
        let exploration = try await Explorer.explore(app(forStage: number), count: count)
        // A figure for the maintainers' speed goal (20 a second for stage 5), never a verdict.
        let elapsed = ContinuousClock.now - started
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        FileHandle.standardError.write(Data(String(format: "explored %d schedules in %.1f s: %.1f a second\n",
                                                   exploration.schedules, seconds, Double(exploration.schedules) / max(seconds, 0.001)).utf8))
        let orders = "\(exploration.distinctOrders) distinct orders"
        guard let first = exploration.findings.first else {
            print("\(exploration.schedules) schedules, every invariant held (\(orders))")
            return 0
        }
        print("\(exploration.schedules) schedules (\(orders)); seed \(first.seed) breaks:")
        describe(first)
        for other in exploration.findings.dropFirst() {
            print("also broken: \(other.invariant?.rawValue ?? "no-progress") (seed \(other.seed))")
        }
        print("replay: swift run tracker --stage \(number) --seed \(first.seed)")
        print("or its shortest order: swift run tracker --stage \(number) --seed \(first.seed) --order '\(first.order.joined(separator: " "))'")
        return 1
    } catch {
        FileHandle.standardError.write(Data("tracker: exploring stopped: \(error)\n".utf8))
        return 1
    }
}

/// `--seed S --every-order N`: every order of seed S's day, at most N; the exit status.
func everyOrder(stage number: Int, seed: UInt64, limit: Int) async -> Int32 {
    do {
        let exploration = try await Explorer.everyOrder(app(forStage: number), ofSeed: seed, limit: limit)
        let all = exploration.schedules < limit ? "every order" : "the first \(limit) orders"
        guard let first = exploration.findings.first else {
            print("\(exploration.distinctOrders) schedules (\(all) of seed \(seed)'s day), every invariant held")
            return 0
        }
        print("\(exploration.distinctOrders) schedules (\(all) of seed \(seed)'s day); one breaks:")
        describe(first)
        print("replay: swift run tracker --stage \(number) --seed \(seed) --order '\(first.order.joined(separator: " "))'")
        return 1
    } catch {
        FileHandle.standardError.write(Data("tracker: exploring stopped: \(error)\n".utf8))
        return 1
    }
}

/// `--seed S`: plays that day again; returns the exit status.
func replay(stage number: Int, seed: UInt64, order: [String]?) async -> Int32 {
    do {
        let outcome = try await Explorer.play(app(forStage: number), seed: seed, following: order)
        print("order: \(outcome.order.joined(separator: " "))")
        if let hung = outcome.hungAfter {
            print(Hang.noProgress(after: hung, outcome.hang))
            return 1
        }
        guard !outcome.broken.isEmpty else {
            print("seed \(seed): every invariant held")
            return 0
        }
        for (invariant, seen) in zip(outcome.broken, outcome.seen) {
            print("\(invariant.rawValue): \(invariant.name)\n  seen: \(seen)")
        }
        return 1
    } catch {
        FileHandle.standardError.write(Data("tracker: the day stopped: \(error)\n".utf8))
        return 1
    }
}

private func describe(_ finding: ExplorationFinding) {
    if let invariant = finding.invariant {
        print("  \(invariant.rawValue): \(invariant.name)")
    } else {
        print("  \(finding.noProgress ?? "no progress after launch")")
    }
    print("  shortest order: \(finding.order.joined(separator: " "))")
}
