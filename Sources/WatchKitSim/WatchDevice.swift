import Foundation
import HealthKitSim
import SimSupport

/// One simulated watch: what outlives a single run of the app (its clock, its Health
/// database, the app's container on disk). Relaunching the app on the same device is how
/// a test checks that drinks survive.
public final class WatchDevice: Sendable {
    public struct Configuration: Sendable {
        public var health = HealthDatabase.Configuration()
        public var diskDelay: Duration = .milliseconds(2)
        /// Records where each SDK call and callback ran, for `tracker --timeline`.
        public var timeline: TimelineRecorder?
        public init() {}
    }

    public let clock: SimClock
    public let health: HealthDatabase
    public let container: AppContainer
    /// What the simulators saw, where it ran (only when the configuration asks for it).
    public let timeline: TimelineRecorder?
    private let defaultsSuite: String

    /// The app's user defaults on this watch: what `UserDefaults.standard` is to an app on
    /// watchOS (one process here simulates many watches, so each has a suite of its own).
    public var userDefaults: UserDefaults {
        UserDefaults(suiteName: defaultsSuite)!
    }

    /// A device with a fresh container in a new temporary directory.
    public init(_ configuration: Configuration = Configuration()) throws {
        _ = Self.leftoversSwept
        let name = "\(Self.namePrefix)\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)"
        let directory = Self.flash.appendingPathComponent(name, isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        clock = SimClock()
        let timeline = configuration.timeline
        self.timeline = timeline
        health = HealthDatabase(configuration.health, timeline: timeline)
        container = AppContainer(directory: directory, diskDelay: configuration.diskDelay, timeline: timeline)
        defaultsSuite = name
    }

    /// Where containers live: in memory where the system offers it (Linux's `/dev/shm`),
    /// so that the only disk latency is the configured `diskDelay`. An atomic write ends
    /// with `fsync`, which on a busy machine's disk was seen to take seconds.
    static var flash: URL {
        let memory = URL(fileURLWithPath: "/dev/shm", isDirectory: true)
        return FileManager.default.isWritableFile(atPath: memory.path) ? memory : FileManager.default.temporaryDirectory
    }

    /// Removes the container and the user defaults.
    public func erase() {
        Self.erase(named: defaultsSuite, in: container.directory.deletingLastPathComponent())
    }

    private static func erase(named name: String, in directory: URL) {
        try? FileManager.default.removeItem(at: directory.appendingPathComponent(name, isDirectory: true))
        UserDefaults.standard.removePersistentDomain(forName: name)
    }

    // MARK: - What crashed runs left behind

    static let namePrefix = "CoffeeTracker-"

    /// Once per process, before its first device.
    private static let leftoversSwept: Void = sweepLeftovers()

    /// A process that traps or is killed (a trapping exercise, a wrong answer, a mutant)
    /// never erases its devices. Each device's name carries its process's ID, so the next
    /// process removes the containers and defaults of processes that no longer exist, and
    /// leaves those of running ones (another test run beside this one) alone.
    static func sweepLeftovers(in directory: URL = flash) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names where name.hasPrefix(namePrefix) {
            let pid = name.dropFirst(namePrefix.count).prefix { $0 != "-" }
            guard let pid = Int32(pid), !processExists(pid) else { continue }
            erase(named: name, in: directory)
        }
    }

    /// Whether a process with this ID exists (signal 0 checks without sending anything).
    static func processExists(_ pid: Int32) -> Bool {
        kill(pid, 0) == 0 || errno != ESRCH
    }
}
