import Foundation
import Stage4_Actors
import Testing
@testable import TrackerSpec

/// The explorer itself, on the stage whose catalogued break it must find: stage 4 imports
/// another app's sample twice when two refreshes overlap (duplicate-import), in seed 8's day.
@Suite("The schedule explorer")
struct ExplorerTests {
    @Test("a replayed seed takes the same order and gives the same verdict")
    func replayIsTheSameDay() async throws {
        let first = try await Explorer.play(CoffeeTrackerApp.self, seed: 8)
        let again = try await Explorer.play(CoffeeTrackerApp.self, seed: 8)
        #expect(first.order == again.order)
        #expect(first.broken == again.broken)
        // Seed 8's day holds disk I/O, which the explorer does only where thread states are read.
        if Explorer.holdsDiskIO {
            #expect(first.broken.contains(.importedOnce), "seed 8 no longer overlaps two refreshes: pick another for this test")
        }
    }

    @Test("the explorer finds a break, and the order it shrinks to still breaks it", .enabled(if: Explorer.holdsDiskIO))
    func findsAndShrinks() async throws {
        let exploration = try await Explorer.explore(CoffeeTrackerApp.self, count: 1, firstSeed: 8)
        let finding = try #require(exploration.findings.first { $0.invariant == .importedOnce })
        let day = try await Explorer.play(CoffeeTrackerApp.self, seed: 8)
        #expect(finding.order.count <= day.order.count)
        let replayed = try await Explorer.play(CoffeeTrackerApp.self, seed: finding.seed, following: finding.order)
        #expect(replayed.broken.contains(.importedOnce))
        // What the workbench receives: typed findings that survive JSON unchanged.
        let decoded = try JSONDecoder().decode(Exploration.self, from: JSONEncoder().encode(exploration))
        #expect(decoded.findings == exploration.findings)
    }

    @Test("every catalogue row is in the invariant table")
    func tableCoversTheCatalogue() {
        for defect in Catalogue.defects {
            #expect(InvariantTable.rows[defect.id] != nil, "\(defect.id) is missing from InvariantTable")
        }
        #expect(Set(InvariantTable.rows.keys) == Set(Catalogue.defects.map(\.id)))
    }
}

@Suite("Every order of a day")
struct EveryOrderTests {
    @Test("the walk over choices advances the deepest choice with an option left")
    func nextPath() {
        #expect(Explorer.nextPath(taken: [0, 0, 0], widths: [2, 1, 3]) == [0, 0, 1])
        #expect(Explorer.nextPath(taken: [0, 0, 2], widths: [2, 1, 3]) == [1])
        #expect(Explorer.nextPath(taken: [1, 0, 2], widths: [2, 1, 3]) == nil)
    }
}
