import SpecTesting
import Stage6_Approachable
import Testing
import TrackerSpec
import XCTest

@Suite("Stage 6: approachable concurrency")
struct Stage6Tests {
    @Test("keeps", arguments: Check.behaviour)
    func behaviour(_ check: Check) async throws {
        try await StageSuite.verify(check, on: CoffeeTrackerApp.self, stage: 6)
    }

    @Test("defect", arguments: Check.defects)
    func defects(_ check: Check) async throws {
        try await StageSuite.verify(check, on: CoffeeTrackerApp.self, stage: 6)
    }

    @Test("every explored order of the day breaks only the catalogue's invariants")
    func explored() async throws {
        try await StageSuite.explore(CoffeeTrackerApp.self, stage: 6)
    }
}

/// Under XCTest, so that the main queue stays on the first thread (see `StageSuite`).
final class Stage6RaceScenarios: XCTestCase {
    func testRaceScenarios() async throws {
        try await StageSuite.runRaceScenarios(on: CoffeeTrackerApp.self)
    }
}
