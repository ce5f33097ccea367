import Foundation
import Testing
@testable import TrackerSpec
import WatchKitSim

/// A planted break: an app that never completes a background task and keeps no drink,
/// though its screen looks like Coffee Tracker's. The explorer must fail it.
enum ForgetfulApp: WatchApp {
    @MainActor static func makeScene(for watchExtension: WKExtension) -> WatchScene {
        WatchScene(delegate: ForgetfulDelegate(), complicationDataSourceClass: ForgetfulFace.self, rootView: ForgetfulView())
    }
}

@MainActor
final class ForgetfulDelegate: NSObject, WKExtensionDelegate {
    /// Asks for refreshes, as watchOS delivers none to an app that did not.
    func applicationDidFinishLaunching() {
        WKExtension.shared().scheduleBackgroundRefresh(withPreferredDate: Date(), userInfo: nil) { _ in }
    }

    /// Keeps nothing and completes nothing: the planted break.
    func handle(_ backgroundTasks: Set<WKRefreshBackgroundTask>) {}
}

final class ForgetfulFace: NSObject, CLKComplicationDataSource {}

struct ForgetfulView: WKView {
    var body: [ViewElement] {
        [.text("Caffeine: 0 mg"), .text("Health: on"), .link("Add Drink") { ForgetfulPicker() }]
    }
}

struct ForgetfulPicker: WKView {
    var body: [ViewElement] {
        ["Espresso", "Small Coffee"].map { .button($0, dismisses: true) {} }
    }
}

@Suite("The explorer can fail")
struct PlantedBreakTests {
    @Test("an app that never completes its background tasks breaks task-completes-once")
    func findsThePlantedBreak() async throws {
        // Seed 3's day delivers background refreshes (and needs no HealthKit answer).
        let exploration = try await Explorer.explore(ForgetfulApp.self, count: 1, firstSeed: 3, shrink: false)
        #expect(exploration.broken.contains(.taskCompletesOnce))
        #expect(exploration.broken.contains(.loggedOnce))
    }
}
