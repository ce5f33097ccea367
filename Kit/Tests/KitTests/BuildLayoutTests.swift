import Foundation
import MatrixKit
import Testing
@testable import TrackerSpec

/// The native build system and Swift Build put the same code in differently named binaries
/// and folders; the kit must find them, and judge the frames in them, alike.
@Suite("Both build systems' layouts")
struct BuildLayoutTests {
    @Test("a frame in Swift Build's test library (Stage0Tests.so) is the package's code; the system's and the toolchain's libraries are the runtime")
    func sharedLibraryFrames() {
        let stage = StackFrame(function: "$s10Stage0_GCD10CoffeeDataC4saveyyF", file: "/w/Sources/Stage0_GCD/CoffeeData.swift", line: 83,
                               module: "Stage0Tests.so")
        #expect(!stage.isRuntime)
        for library in ["libswiftCore.so", "libc.so.6", "libdispatch.so", "libXCTest.so", "ld-linux-x86-64.so.2", "libswiftCore.dylib"] {
            let frame = StackFrame(function: "f", file: "queue.c", module: library)
            #expect(frame.isRuntime, "\(library)")
        }
        // A thunk stays the runtime's in either binary.
        #expect(StackFrame(function: "$sthunk", file: "/<compiler-generated>", module: "Stage0Tests.so").isRuntime)
    }

    @Test("a report captured under Swift Build (frames in Stage0Tests.so, the runtime in Stage0Tests-test-runner) is attributed to its row")
    func swiftBuildReport() throws {
        let reports = TSanLogParser.reports(in: try Fixture.text("stage0-query-anchor-swiftbuild.tsan"))
        #expect(reports.count == 1)
        let sources = InlineSourceLines([
            "Sources/Stage0_GCD/HealthKitController.swift": [
                87: "            type: caffeineType, predicate: lastDay, anchor: anchor, limit: HKObjectQueryNoLimit",
            ],
        ])
        let attributor = RaceAttributor(catalogue: TestCatalogue.defects)
        let finding = attributor.attribute(reports[0], stage: TestCatalogue.stages[0], sources: sources)
        #expect(finding.rows == ["race-query-anchor"], "\(finding.description)")
        #expect(reports[0].accesses[0].racingFrame?.module == "Stage0Tests.so")
    }

    @Test("the test executables of either layout are found by test target, and each suite goes to its own")
    func testExecutables() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("layout-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func executable(_ name: String) throws {
            let path = folder.appendingPathComponent(name).path
            #expect(FileManager.default.createFile(atPath: path, contents: Data("#!/bin/sh\n".utf8), attributes: [.posixPermissions: 0o755]))
        }
        try executable("Stage0Tests-test-runner")
        try executable("SimTests-test-runner")
        _ = FileManager.default.createFile(atPath: folder.appendingPathComponent("Stage0Tests.so").path, contents: Data())
        let swiftBuild = BuildProducts(binPath: folder.path)
        #expect(Set(swiftBuild.tests.keys) == ["Stage0Tests", "SimTests"])
        let launch = TestLaunch.executables(swiftBuild.tests)
        #expect(launch.executable(for: "Stage0Tests.Stage0RaceScenarios") == folder.path + "/Stage0Tests-test-runner")
        #expect(launch.executable(for: "^Stage0Tests\\.") == folder.path + "/Stage0Tests-test-runner")
        #expect(launch.executable(for: "SimTests.SimulatorCanary") == folder.path + "/SimTests-test-runner")
        #expect(launch.executable(for: "Stage3Tests.Stage3RaceScenarios") == nil)

        let native = TestLaunch.bundle("/b/CoffeeTrackerKitPackageTests.xctest")
        #expect(native.executable(for: "Stage3Tests.Stage3RaceScenarios") == "/b/CoffeeTrackerKitPackageTests.xctest")
    }

    @Test("the modules' folder is the bin path when it holds them (Swift Build), else the folder in it that does (native: Modules/)")
    func moduleFolder() throws {
        let bin = FileManager.default.temporaryDirectory.appendingPathComponent("modules-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: bin) }
        try FileManager.default.createDirectory(at: bin.appendingPathComponent("Modules/HealthKitSim.swiftmodule"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: bin.appendingPathComponent("HealthKitSim.build"), withIntermediateDirectories: true)
        // The compiler's cache of imported modules sorts first and is never the package's.
        try FileManager.default.createDirectory(at: bin.appendingPathComponent("ModuleCache/Foundation.swiftmodule"), withIntermediateDirectories: true)
        #expect(BuildProducts(binPath: bin.path).moduleFolder == bin.path + "/Modules")
        _ = FileManager.default.createFile(atPath: bin.appendingPathComponent("SimSupport.swiftmodule").path, contents: Data())
        #expect(BuildProducts(binPath: bin.path).moduleFolder == bin.path)
    }

    @Test("KIT_BUILD_SYSTEM becomes SwiftPM's own option; unset or empty, none (SwiftPM's default)")
    func buildSystemArguments() {
        #expect(BuildSystem.arguments(in: ["KIT_BUILD_SYSTEM": "swiftbuild"]) == ["--build-system", "swiftbuild"])
        #expect(BuildSystem.arguments(in: ["KIT_BUILD_SYSTEM": ""]).isEmpty)
        #expect(BuildSystem.arguments(in: [:]).isEmpty)
    }
}
