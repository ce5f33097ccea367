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
    private let ledgerKeeping = SimLock<LedgerKeeping?>(nil)

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

    /// The gates a test took from this watch's SDKs that hold an event now.
    public func heldGates() -> [Gate] {
        health.handedOut.held + container.handedOut.held
    }

    /// Opens every gate a test took from this watch's SDKs; returns whether one had lapsed
    /// (see `Gate.patience`) while the test still held it.
    public func openEveryGate() -> Bool {
        let healthLapsed = health.handedOut.openAll()
        return container.handedOut.openAll() || healthLapsed
    }

    /// Has the runtime note its launches and background tasks in an explored day's ledger;
    /// `savedIDs` reads the ids in the app's saved log when a task is completed.
    public func keepLedger(_ ledger: DayLedger, savedIDs: @escaping @Sendable () -> Set<String>) {
        ledgerKeeping.withLock { $0 = LedgerKeeping(ledger: ledger, savedIDs: savedIDs) }
    }

    var ledger: LedgerKeeping? { ledgerKeeping.withLock { $0 } }

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
    ///
    /// A process that dies after its container is gone can still leave its defaults'
    /// file behind (Foundation on Linux writes a suite to `~/.config`), so that folder is
    /// swept too: a learner's home keeps nothing of the kit's runs.
    static func sweepLeftovers(in directory: URL = flash, preferences: URL? = preferencesDirectory) {
        for name in leftovers(in: directory) { erase(named: name, in: directory) }
        guard let preferences else { return }
        for name in leftovers(in: preferences, suffix: ".plist") {
            try? FileManager.default.removeItem(at: preferences.appendingPathComponent(name + ".plist"))
            UserDefaults.standard.removePersistentDomain(forName: name)
        }
    }

    /// The names (less `suffix`) in `directory` of devices whose process no longer exists.
    private static func leftovers(in directory: URL, suffix: String = "") -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasPrefix(namePrefix) && $0.hasSuffix(suffix) }.compactMap { file in
            let name = String(file.dropLast(suffix.count))
            let pid = name.dropFirst(namePrefix.count).prefix { $0 != "-" }
            guard let pid = Int32(pid), !processExists(pid) else { return nil }
            return name
        }
    }

    /// Where Foundation keeps a suite's file outside the system's own preferences daemon:
    /// `$XDG_CONFIG_HOME` or `~/.config` on Linux (Darwin's daemon cleans up after
    /// `removePersistentDomain`, so nothing is swept there).
    static var preferencesDirectory: URL? {
        #if os(Linux)
        if let config = ProcessInfo.processInfo.environment["XDG_CONFIG_HOME"], !config.isEmpty {
            return URL(fileURLWithPath: config, isDirectory: true)
        }
        return FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".config", isDirectory: true)
        #else
        return nil
        #endif
    }

    /// Whether a process with this ID exists (signal 0 checks without sending anything).
    static func processExists(_ pid: Int32) -> Bool {
        kill(pid, 0) == 0 || errno != ESRCH
    }
}

/// An explored day's ledger, as the runtime writes in it (see `WatchDevice.keepLedger`).
struct LedgerKeeping: Sendable {
    let ledger: DayLedger
    let savedIDs: @Sendable () -> Set<String>
}
