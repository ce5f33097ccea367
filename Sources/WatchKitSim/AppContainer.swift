import Foundation
import SimSupport
import Synchronization

/// The app's sandbox: a real directory, real file I/O, and an injectable delay that stands
/// in for slow flash, so I/O on the main thread shows up on the watchdog.
///
/// The only state the test and the app's I/O share, the held reads and writes, is under a `SimLock`:
/// holding one on main must not order the app's accesses for TSan.
public final class AppContainer: Sendable {
    public let directory: URL
    /// How long each read and write takes beyond the real one: slow flash. A check may slow
    /// the disk for the I/O it measures only.
    public var diskDelay: Duration {
        get { delay.withLock { $0 } }
        set { delay.withLock { $0 = newValue } }
    }
    private let delay: SimLock<Duration>
    /// Reads and writes under way now: a background task completed while this is above
    /// zero was completed too early.
    public let inFlight = Gauge()
    public let fileRead = EventCounter()
    public let fileWritten = EventCounter()
    /// Reads and writes that ran on the main queue, where they stall the UI.
    public let ioOnMainQueue = EventCounter()

    private let held = SimLock<[Access: [Gate]]>([:])
    /// Every gate `holdNextRead` and `holdNextWrite` handed out (the run opens them all).
    public let handedOut = HandedOutGates()
    private let explorer = SimLock<HeldEvents?>(nil)
    private enum Access: String { case read, write }
    // Asked on the app's I/O threads (see `MainQueue` for why not `MainQueue.isCurrent`).
    private let mainQueue = MainQueue.shared

    /// Where each read and write ran, for `tracker --timeline` (`nil`: not recorded).
    let timeline: TimelineRecorder?

    public init(directory: URL, diskDelay: Duration, timeline: TimelineRecorder? = nil) {
        self.directory = directory
        delay = SimLock(diskDelay)
        self.timeline = timeline
    }

    public func url(for name: String) -> URL {
        directory.appendingPathComponent(name)
    }

    public func fileExists(_ name: String) -> Bool {
        FileManager.default.fileExists(atPath: url(for: name).path)
    }

    /// Reads a whole file; throws `CocoaError(.fileReadNoSuchFile)` when there is none.
    public func read(_ name: String) throws -> Data {
        try io(.diskRead, "read \(name)") {
            waitIfHeld(.read)
            defer { fileRead.increment() }
            return try Data(contentsOf: url(for: name))
        }
    }

    /// Holds the next read made off the main thread: it waits, after its delay, until the
    /// gate opens. (One on the main thread is never held: the test that opens the gate
    /// runs there.)
    public func holdNextRead() -> Gate { hold(.read) }

    /// Holds the next write made off the main thread, as `holdNextRead` holds a read.
    public func holdNextWrite() -> Gate { hold(.write) }

    /// Replaces a file atomically.
    public func write(_ data: Data, to name: String) throws {
        try io(.diskWrite, "write \(name)") {
            waitIfHeld(.write)
            try data.write(to: url(for: name), options: .atomic)
            fileWritten.increment()
        }
    }

    public func moveItem(_ name: String, to newName: String) throws {
        try FileManager.default.moveItem(at: url(for: name), to: url(for: newName))
    }

    /// The names of the files in the container, sorted.
    public func fileNames() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
    }

    /// Holds every read and write made off the main thread from now on until `explorer`
    /// releases it (see `HeldEvents`). One on the main thread is never held: the explorer
    /// that would release it runs there (see Kit/MAINTAINERS.md, "Every order of the day").
    public func holdEveryAccess(in explorer: HeldEvents) {
        self.explorer.withLock { $0 = explorer }
    }

    private func waitIfHeld(_ access: Access) {
        if mainQueue.isCurrent { return }
        if let gate = next(access) { return gate.wait() }
        explorer.withLock { $0 }?.hold("disk.\(access.rawValue)")
    }

    private func hold(_ access: Access) -> Gate {
        let gate = handedOut.make()
        held.withLock { $0[access, default: []].append(gate) }
        return gate
    }

    private func next(_ access: Access) -> Gate? {
        if mainQueue.isCurrent { return nil }
        return held.withLock { $0[access]?.isEmpty == false ? $0[access]!.removeFirst() : nil }
    }

    private func io<T>(_ kind: TimelineRecorder.Kind, _ what: String, _ body: () throws -> T) throws -> T {
        guard let timeline else { return try io(body) }
        return try timeline.span(kind, what) { try io(body) }
    }

    private func io<T>(_ body: () throws -> T) throws -> T {
        inFlight.enter()
        defer { inFlight.leave() }
        if mainQueue.isCurrent { ioOnMainQueue.increment() }
        pause(for: diskDelay)
        return try body()
    }
}
