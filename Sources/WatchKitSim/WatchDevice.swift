import Foundation
import HealthKitSim

/// One simulated watch: what outlives a single run of the app (its clock, its Health
/// database, the app's container on disk). Relaunching the app on the same device is how
/// a test checks that drinks survive.
public final class WatchDevice: Sendable {
    public struct Configuration: Sendable {
        public var health = HealthDatabase.Configuration()
        public var diskDelay: Duration = .milliseconds(2)
        public init() {}
    }

    public let clock: SimClock
    public let health: HealthDatabase
    public let container: AppContainer
    private let defaultsSuite: String

    /// The app's user defaults on this watch: what `UserDefaults.standard` is to an app on
    /// watchOS (one process here simulates many watches, so each has a suite of its own).
    public var userDefaults: UserDefaults {
        UserDefaults(suiteName: defaultsSuite)!
    }

    /// A device with a fresh container in a new temporary directory.
    public init(_ configuration: Configuration = Configuration()) throws {
        let name = "CoffeeTracker-\(UUID().uuidString)"
        let directory = Self.flash.appendingPathComponent(name, isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        clock = SimClock()
        health = HealthDatabase(configuration.health)
        container = AppContainer(directory: directory, diskDelay: configuration.diskDelay)
        defaultsSuite = name
    }

    /// Where containers live: in memory where the system offers it (Linux's `/dev/shm`),
    /// so that the only disk latency is the configured `diskDelay`. An atomic write ends
    /// with `fsync`, which on a busy machine's disk was seen to take seconds.
    private static var flash: URL {
        let memory = URL(fileURLWithPath: "/dev/shm", isDirectory: true)
        return FileManager.default.isWritableFile(atPath: memory.path) ? memory : FileManager.default.temporaryDirectory
    }

    /// Removes the container and the user defaults.
    public func erase() {
        try? FileManager.default.removeItem(at: container.directory)
        UserDefaults.standard.removePersistentDomain(forName: defaultsSuite)
    }
}
