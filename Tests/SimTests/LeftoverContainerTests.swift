import Foundation
import Testing
@testable import WatchKitSim

/// Containers of processes that crashed are removed by the next process; those of running
/// processes are not.
struct LeftoverContainerTests {
    @Test func aDeadProcessesContainerIsSweptAndALiveOnesIsKept() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("sweep-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        // No process has the largest ID; this one is alive.
        let gone = Int32.max
        try #require(!WatchDevice.processExists(gone))
        let alive = ProcessInfo.processInfo.processIdentifier
        let dead = "\(WatchDevice.namePrefix)\(gone)-\(UUID().uuidString)"
        let live = "\(WatchDevice.namePrefix)\(alive)-\(UUID().uuidString)"
        let unrelated = "Notes-\(gone)"
        for name in [dead, live, unrelated] {
            try FileManager.default.createDirectory(
                at: directory.appendingPathComponent(name), withIntermediateDirectories: true)
        }

        WatchDevice.sweepLeftovers(in: directory, preferences: nil)

        let left = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(left == [live, unrelated].sorted())
    }

    @Test func aDeadProcessesDefaultsFileIsSweptAndALiveOnesIsKept() throws {
        let containers = FileManager.default.temporaryDirectory
            .appendingPathComponent("sweep-\(UUID().uuidString)", isDirectory: true)
        let preferences = containers.appendingPathComponent("config", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: containers) }
        try FileManager.default.createDirectory(at: preferences, withIntermediateDirectories: true)

        let alive = ProcessInfo.processInfo.processIdentifier
        let dead = "\(WatchDevice.namePrefix)\(Int32.max)-\(UUID().uuidString).plist"
        let live = "\(WatchDevice.namePrefix)\(alive)-\(UUID().uuidString).plist"
        for name in [dead, live, "Notes.plist"] {
            try Data().write(to: preferences.appendingPathComponent(name))
        }

        WatchDevice.sweepLeftovers(in: containers, preferences: preferences)

        let left = try FileManager.default.contentsOfDirectory(atPath: preferences.path).sorted()
        #expect(left == [live, "Notes.plist"].sorted())
    }
}
