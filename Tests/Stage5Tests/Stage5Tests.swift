import SpecTesting
import Stage5_Swift6
import Testing
import TrackerSpec
import XCTest

@Suite("Stage 5: the Swift 6 language mode")
struct Stage5Tests {
    @Test("keeps", arguments: Check.behaviour)
    func behaviour(_ check: Check) async throws {
        try await StageSuite.verify(check, on: CoffeeTrackerApp.self, stage: 5)
    }

    @Test("defect", arguments: Check.defects)
    func defects(_ check: Check) async throws {
        try await StageSuite.verify(check, on: CoffeeTrackerApp.self, stage: 5)
    }

    @Test("every explored order of the day breaks only the catalogue's invariants")
    func explored() async throws {
        try await StageSuite.explore(CoffeeTrackerApp.self, stage: 5)
    }
}

/// Under XCTest, so that the main queue stays on the first thread (see `StageSuite`).
final class Stage5RaceScenarios: XCTestCase {
    func testRaceScenarios() async throws {
        try await StageSuite.runRaceScenarios(on: CoffeeTrackerApp.self)
    }
}
