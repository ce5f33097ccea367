import Foundation
import SimSupport
import Synchronization
import Testing
@testable import WatchKitSim

// A small app for the rendering tests: one view that shows a model changed on main, a
// model changed from another thread, and the watch's time.

/// Changed on the main thread.
@MainActor
final class LampModel: ObservableObject {
    @Published var isOn = false
    @Published var presses = 0
}

/// Keeps what its observers saw.
@MainActor
final class Journal: ObservableObject {
    @Published var entries: [String] = [] {
        didSet { seen.append("\(oldValue.count) -> \(entries.count)") }
    }
    @Published var note: String?
    var seen: [String] = []
}

/// Changed from a background thread. Its value is read and written under a lock, so the
/// test itself has no data race: ThreadSanitizer stays quiet, whatever the runtime does.
final class BackgroundModel: ObservableObject, @unchecked Sendable {
    // `@unchecked Sendable` is sound: `count` is touched only under `lock`.
    private let lock = NSLock()
    @Published private var count = 0

    var value: Int { lock.withLock { count } }

    func increment() { lock.withLock { count += 1 } }
}

struct LampView: WKView {
    let lamp: LampModel
    let background: BackgroundModel
    let clock: SimClock

    var body: [ViewElement] {
        [
            .text("Lamp: \(lamp.isOn ? "on" : "off"), pressed \(lamp.presses)"),
            .text("Background: \(background.value)"),
            .text("Time: \(Int(clock.now.timeIntervalSince(SimClock.morning)))"),
            .button(lamp.isOn ? "Switch off" : "Switch on") { lamp.isOn.toggle() },
        ]
    }
}

final class LampDelegate: NSObject, WKExtensionDelegate {}

@MainActor private var lastLamp: (lamp: LampModel, background: BackgroundModel)?

enum LampApp: WatchApp {
    @MainActor static func makeScene(for watchExtension: WKExtension) -> WatchScene {
        let lamp = LampModel()
        let background = BackgroundModel()
        lastLamp = (lamp, background)
        return WatchScene(
            delegate: LampDelegate(), complicationDataSourceClass: HandlerDataSource.self,
            rootView: LampView(lamp: lamp, background: background, clock: watchExtension.device.clock)
        )
    }
}

@MainActor
struct LampRun {
    let device: WatchDevice
    let runtime: WKExtension
    let lamp: LampModel
    let background: BackgroundModel

    var firstLine: String? { runtime.screen.lines.first }
}

/// Launches `LampApp` on a device of its own, inside `OneAppAtATime`, runs `body`, then
/// terminates the app and erases the device.
func withLampApp(_ body: @MainActor @Sendable (LampRun) async throws -> Void) async throws {
    try await OneAppAtATime.shared.run { @MainActor in
        let device = try WatchDevice(WatchDevice.Configuration())
        defer { device.erase() }
        let runtime = WKExtension.launch(LampApp.self, on: device)
        defer { runtime.terminate() }
        let models = lastLamp!
        lastLamp = nil
        try await body(LampRun(device: device, runtime: runtime, lamp: models.lamp, background: models.background))
    }
}

/// `ObservableObject` and `@Published`, and the runtime that draws the screen when a
/// published property changes, as SwiftUI does.
@Suite("WatchKitSim: rendering the screen")
@MainActor
struct RenderingTests {
    @Test("@Published stores and reads values of any type; didSet sees the old value and the stored new one; an optional starts as nil")
    func publishedStoresAndObserves() {
        let journal = Journal()
        #expect(journal.note == nil)
        journal.entries.append("coffee")
        journal.entries = journal.entries + ["tea"]
        journal.note = "two"
        #expect(journal.entries == ["coffee", "tea"])
        #expect(journal.note == "two")
        #expect(journal.seen == ["0 -> 1", "1 -> 2"])
    }

    @Test("launch draws the screen at once")
    func launchDraws() async throws {
        try await withLampApp { run in
            #expect(run.runtime.renderCount >= 1)
            #expect(run.runtime.screen.lines == ["Lamp: off, pressed 0", "Background: 0", "Time: 0", "[ Switch on ]"])
        }
    }

    @Test("a change on the main thread is drawn once, at the end of the current turn of the main queue")
    func changeOnMainDrawnAtEndOfTurn() async throws {
        try await withLampApp { run in
            try await mainQueueDrained()
            let before = run.runtime.renderCount
            run.lamp.isOn = true
            #expect(run.runtime.renderCount == before, "not drawn during the turn that changed it")
            #expect(run.firstLine == "Lamp: off, pressed 0")
            try await mainQueueDrained()
            #expect(run.runtime.renderCount == before + 1)
            #expect(run.firstLine == "Lamp: on, pressed 0")
        }
    }

    @Test("several changes in one turn are drawn once, with their last values")
    func changesCoalesce() async throws {
        try await withLampApp { run in
            try await mainQueueDrained()
            let before = run.runtime.renderCount
            for _ in 1...5 { run.lamp.presses += 1 }
            run.lamp.isOn = true
            try await mainQueueDrained()
            #expect(run.runtime.renderCount == before + 1)
            #expect(run.firstLine == "Lamp: on, pressed 5")
            #expect(run.runtime.record.offMainPublishes == 0)
        }
    }

    @Test("a change made off the main thread is drawn on main at the runtime's own turn; the changing thread dispatches nothing")
    func changeOffMainDrawnAtTurn() async throws {
        try await withLampApp { run in
            try await mainQueueDrained()
            let before = run.runtime.renderCount
            let beforeAtTurns = run.runtime.rendered.countAtTurns
            let done = Box<Bool>()
            startInBackground {
                run.background.increment()
                done.put(true)
            }
            _ = try await awaitValue(done, "the background change")
            try await waitUntil("the change to be drawn") { run.runtime.screen.contains("Background: 1") }
            // Drawn at the runtime's turns only (at the turn after the announcement, and at
            // the turn after the store where that is a later one). A dispatch from the
            // changing thread would have drawn it outside a turn.
            let turn = Gate()
            run.runtime.atNextTurn { turn.open() }
            try await waitUntil("the runtime's next turn") { turn.opened }
            try await mainQueueDrained()
            #expect(run.runtime.renderCount - before == run.runtime.rendered.countAtTurns - beforeAtTurns)
            #expect(run.runtime.record.offMainPublishes == 1)
        }
    }

    @Test("work given to atNextTurn runs at the start of the runtime's next turn; what the app publishes off main meanwhile is drawn by that turn")
    func workAtNextTurn() async throws {
        try await withLampApp { run in
            let seen = Box<String>()
            let ran = Box<Bool>()
            run.runtime.atNextTurn {
                let changed = Gate()
                startInBackground {
                    run.background.increment()
                    changed.open()
                }
                while !changed.opened { usleep(50) }
                // Runs after this turn of the main queue: it sees what the turn drew.
                DispatchQueue.main.async { seen.put(run.runtime.screen.lines[1]) }
                ran.put(true)
            }
            _ = try await awaitValue(ran, "the runtime's next turn")
            #expect(try await awaitValue(seen, "the screen after that turn") == "Background: 1")
        }
    }

    @Test("changes made off the main thread are counted in the record; changes on main are not")
    func offMainPublishesCounted() async throws {
        try await withLampApp { run in
            run.lamp.isOn = true
            let done = Box<Bool>()
            startInBackground {
                for _ in 1...3 { run.background.increment() }
                done.put(true)
            }
            _ = try await awaitValue(done, "the background changes")
            // Counted at the runtime's turns, which may draw the last value before they
            // have counted every change.
            try await waitUntil("the changes to be counted") { run.runtime.record.offMainPublishes >= 3 }
            try await waitUntil("the changes to be drawn") { run.runtime.screen.contains("Background: 3") }
            try await mainQueueDrained()
            #expect(run.runtime.record.offMainPublishes == 3)
        }
    }

    @Test("a tap acts on the screen as drawn, not on the model's newer state")
    func tapActsOnDrawnScreen() async throws {
        try await withLampApp { run in
            try await mainQueueDrained()
            run.lamp.isOn = true
            // Not drawn yet: the user still sees "Switch on".
            #expect(throws: NoSuchButton.self) { try run.runtime.tap("Switch off") }
            try run.runtime.tap("Switch on")
            #expect(run.lamp.isOn == false, "the drawn button's action ran (it toggles)")
            try await mainQueueDrained()
            #expect(run.runtime.screen.contains("[ Switch on ]"))
            try run.runtime.tap("Switch on")
            try await mainQueueDrained()
            try run.runtime.tap("Switch off")
            #expect(run.lamp.isOn == false)
        }
    }

    @Test("the screen is drawn again at the runtime's next turn after the watch's clock moves")
    func clockMoveDrawn() async throws {
        try await withLampApp { run in
            run.device.clock.advance(by: 60)
            try await nextRender(of: run.runtime)
            #expect(run.runtime.screen.contains("Time: 60"))
        }
    }

    @Test("entering the foreground draws the screen at once")
    func foregroundDraws() async throws {
        try await withLampApp { run in
            run.runtime.enterBackground()
            let before = run.runtime.renderCount
            run.runtime.enterForeground()
            #expect(run.runtime.renderCount == before + 1)
        }
    }
}
