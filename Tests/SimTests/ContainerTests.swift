import Foundation
import SimSupport
import Testing
import WatchKitSim

/// `AppContainer`: real files, an injectable disk delay, the I/O gauge a background task
/// is judged by, and held writes. Also the device's `SimClock` and its user defaults.
@Suite("WatchKitSim: the app container and the clock")
struct ContainerTests {
    @Test("a write then a read round-trips a real file in the container directory")
    func roundTrip() throws {
        let device = try WatchDevice()
        defer { device.erase() }
        let container = device.container
        let data = Data(#"[{"mg":95}]"#.utf8)

        try container.write(data, to: "drinks.json")
        #expect(try container.read("drinks.json") == data)
        #expect(try Data(contentsOf: container.directory.appendingPathComponent("drinks.json")) == data)
        #expect(container.fileExists("drinks.json"))
        #expect(container.fileNames() == ["drinks.json"])

        try container.write(Data("[]".utf8), to: "drinks.json")
        #expect(try container.read("drinks.json") == Data("[]".utf8))

        try container.moveItem("drinks.json", to: "drinks.corrupt")
        #expect(container.fileNames() == ["drinks.corrupt"])

        device.erase()
        #expect(!FileManager.default.fileExists(atPath: container.directory.path))
    }

    @Test("reading a missing file throws CocoaError(.fileReadNoSuchFile)")
    func missingFile() throws {
        let device = try WatchDevice()
        defer { device.erase() }

        let error = #expect(throws: CocoaError.self) { try device.container.read("nothing.json") }
        #expect(error?.code == .fileReadNoSuchFile)
    }

    @Test("fileRead and fileWritten count reads and writes")
    func counters() throws {
        let device = try WatchDevice()
        defer { device.erase() }
        let container = device.container
        #expect(container.fileRead.count == 0)
        #expect(container.fileWritten.count == 0)

        try container.write(Data("1".utf8), to: "a")
        try container.write(Data("2".utf8), to: "b")
        for name in ["a", "b", "a"] { _ = try container.read(name) }
        #expect(container.fileWritten.count == 2)
        #expect(container.fileRead.count == 3)
    }

    @Test("ioOnMainQueue counts the reads and writes that ran on the main queue, and no others")
    func ioOnMainQueue() async throws {
        let device = try WatchDevice()
        defer { device.erase() }
        let container = device.container

        try container.write(Data("1".utf8), to: "a")
        _ = try container.read("a")
        #expect(container.ioOnMainQueue.count == 0)

        try await MainActor.run {
            try container.write(Data("2".utf8), to: "a")
            _ = try container.read("a")
        }
        #expect(container.ioOnMainQueue.count == 2)
    }

    @Test("inFlight is above zero while a read or a write is under way, and zero after")
    func inFlight() async throws {
        let device = try watchDevice { $0.diskDelay = .milliseconds(100) }
        defer { device.erase() }
        let container = device.container
        #expect(container.inFlight.level == 0)

        let gate = container.holdNextWrite()
        let written = Box<Result<Void, any Error>>()
        startInBackground { written.put(Result { try container.write(Data("x".utf8), to: "x") }) }
        try await waitUntil("the write to be held") { gate.isHeld }
        #expect(container.inFlight.level == 1)
        gate.open()
        try await awaitValue(written, "the write").get()
        #expect(container.inFlight.level == 0)

        // Held, as the write was: polling for a read the disk delay keeps in flight would
        // miss it on a busy machine.
        let readGate = container.holdNextRead()
        let read = Box<Result<Data, any Error>>()
        startInBackground { read.put(Result { try container.read("x") }) }
        try await waitUntil("the read to be held") { readGate.isHeld }
        #expect(container.inFlight.level == 1)
        readGate.open()
        #expect(try await awaitValue(read, "the read").get() == Data("x".utf8))
        #expect(container.inFlight.level == 0)
    }

    @Test("every read and write takes at least the disk delay")
    func diskDelay() async throws {
        let delay = Duration.milliseconds(60)
        let device = try watchDevice { $0.diskDelay = delay }
        defer { device.erase() }
        let container = device.container

        let (write, read) = try await inBackground("a write and a read") {
            let clock = ContinuousClock()
            let write = try clock.measure { try container.write(Data("x".utf8), to: "x") }
            let read = try clock.measure { _ = try container.read("x") }
            return (write, read)
        }
        #expect(write >= delay)
        #expect(read >= delay)
    }

    @Test("holdNextWrite holds exactly the next write until its gate opens")
    func holdNextWrite() async throws {
        let device = try WatchDevice()
        defer { device.erase() }
        let container = device.container

        let gate = container.holdNextWrite()
        let held = Box<Result<Void, any Error>>()
        startInBackground { held.put(Result { try container.write(Data("1".utf8), to: "first") }) }
        try await waitUntil("the first write to be held") { gate.isHeld }

        // The write after it is not held.
        try await inBackground("the second write") { try container.write(Data("2".utf8), to: "second") }
        #expect(container.fileExists("second"))
        #expect(!container.fileExists("first"))
        #expect(held.value == nil)
        #expect(container.fileWritten.count == 1)

        gate.open()
        try await awaitValue(held, "the held write").get()
        #expect(container.fileExists("first"))
        #expect(container.fileWritten.count == 2)
    }

    @Test("each device has user defaults of its own, and erase() removes them")
    func userDefaults() throws {
        let device = try WatchDevice()
        let other = try WatchDevice()
        defer {
            device.erase()
            other.erase()
        }

        device.userDefaults.set(Data([1, 2, 3]), forKey: "anchor")
        #expect(device.userDefaults.data(forKey: "anchor") == Data([1, 2, 3]))
        #expect(other.userDefaults.data(forKey: "anchor") == nil)
        #expect(UserDefaults.standard.data(forKey: "anchor") == nil)

        device.erase()
        #expect(device.userDefaults.data(forKey: "anchor") == nil)
    }

    @Test("SimClock starts in the morning and advance(by:) moves now")
    func clock() throws {
        let device = try WatchDevice()
        defer { device.erase() }
        let clock = device.clock
        #expect(clock.now == SimClock.morning)

        clock.advance(by: hour)
        clock.advance(by: 0.25)
        #expect(abs(clock.now.timeIntervalSince(SimClock.morning) - (hour + 0.25)) < 0.001)

        let start = Date(timeIntervalSinceReferenceDate: 0)
        let other = SimClock(start: start)
        other.advance(by: 90)
        #expect(abs(other.now.timeIntervalSince(start) - 90) < 0.001)
        #expect(abs(clock.now.timeIntervalSince(SimClock.morning) - (hour + 0.25)) < 0.001)
    }
}
