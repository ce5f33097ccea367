import Foundation
import SimSupport
import Synchronization

// ClockKit as Swift imports it from Objective-C: every declaration `@preconcurrency`; the
// data source protocol `@MainActor` and refining `NSObjectProtocol`; entries, templates and
// text providers classes that are not `Sendable`. ClockKit is deprecated from watchOS 9
// (WidgetKit replaces it); the stages target watchOS 8, as the WWDC21 sample did, where it
// is not, so the deprecations below are what a learner sees only with a newer target.

// The classes below that are not `Sendable` carry no `@preconcurrency` of their own: the
// import's implicit one does not soften a diagnostic about sending an Objective-C class
// (only `@preconcurrency import` does), and on a Swift type it would.

/// A complication slot on the watch face.
@available(watchOS, deprecated: 9.0, message: "use WidgetKit")
public final class CLKComplication: Hashable {
    public let identifier: String
    init(identifier: String) { self.identifier = identifier }

    public static var caffeine: CLKComplication { .init(identifier: "caffeine") }

    public static func == (lhs: CLKComplication, rhs: CLKComplication) -> Bool { lhs.identifier == rhs.identifier }
    public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }
}

@available(watchOS, deprecated: 9.0, message: "use WidgetKit")
public final class CLKSimpleTextProvider {
    public let text: String
    @preconcurrency
    public init(text: String) { self.text = text }
}

/// The one template the simulation draws: two short lines.
@available(watchOS, deprecated: 9.0, message: "use WidgetKit")
public final class CLKComplicationTemplateModularSmallStackText {
    public let line1TextProvider: CLKSimpleTextProvider
    public let line2TextProvider: CLKSimpleTextProvider

    @preconcurrency
    public init(line1TextProvider: CLKSimpleTextProvider, line2TextProvider: CLKSimpleTextProvider) {
        self.line1TextProvider = line1TextProvider
        self.line2TextProvider = line2TextProvider
    }
}

@available(watchOS, deprecated: 9.0, message: "use WidgetKit")
public final class CLKComplicationTimelineEntry {
    public let date: Date
    public let complicationTemplate: CLKComplicationTemplateModularSmallStackText

    @preconcurrency
    public init(date: Date, complicationTemplate: CLKComplicationTemplateModularSmallStackText) {
        self.date = date
        self.complicationTemplate = complicationTemplate
    }

    /// What the watch face shows.
    public var text: String {
        "\(complicationTemplate.line1TextProvider.text) \(complicationTemplate.line2TextProvider.text)"
    }
}

/// The app's complication data source. As in ClockKit the protocol is `@MainActor` and
/// refines `NSObjectProtocol`, so a conforming class is an `NSObject` subclass, main-actor
/// isolated by its conformance, and the handler is a plain, non-`@Sendable` closure (SE-0463
/// leaves the handlers of main-actor methods as they are).
///
/// ClockKit imports one Objective-C requirement in two forms, and an app implements one
/// of them. Swift cannot say "one of two" in a protocol, so here each form has a default
/// that calls the other; an app that implements neither traps at the first request with a
/// message (Xcode rejects it at compile time). See `Steps/FIDELITY.md`.
@preconcurrency @MainActor
@available(watchOS, deprecated: 9.0, message: "use WidgetKit")
public protocol CLKComplicationDataSource: NSObjectProtocol {
    /// ClockKit makes the data source itself, from the class the app's Info.plist names,
    /// with `init()`: Objective-C gives every class one. Swift calls `init()` through a class
    /// only when a protocol promises it, so here the protocol does (see `Steps/FIDELITY.md`).
    @preconcurrency
    init()

    @preconcurrency
    func getCurrentTimelineEntry(
        for complication: CLKComplication,
        withHandler handler: @escaping (CLKComplicationTimelineEntry?) -> Void
    )
    @preconcurrency
    func currentTimelineEntry(for complication: CLKComplication) async -> CLKComplicationTimelineEntry?

    // Optional in ClockKit; the runtime never asks for them (one complication, no timeline).
    @preconcurrency
    func getTimelineEndDate(for complication: CLKComplication, withHandler handler: @escaping (Date?) -> Void)
    @preconcurrency
    func getPrivacyBehavior(for complication: CLKComplication, withHandler handler: @escaping (CLKComplicationPrivacyBehavior) -> Void)
    @preconcurrency
    func getTimelineEntries(
        for complication: CLKComplication, after date: Date, limit: Int,
        withHandler handler: @escaping ([CLKComplicationTimelineEntry]?) -> Void)
}

@preconcurrency
@available(watchOS, deprecated: 9.0, message: "use WidgetKit")
public enum CLKComplicationPrivacyBehavior: Sendable {
    case showOnLockScreen, hideOnLockScreen
}

extension CLKComplicationDataSource {
    public func getTimelineEndDate(for complication: CLKComplication, withHandler handler: @escaping (Date?) -> Void) {
        handler(nil)
    }

    public func getPrivacyBehavior(
        for complication: CLKComplication, withHandler handler: @escaping (CLKComplicationPrivacyBehavior) -> Void
    ) {
        handler(.showOnLockScreen)
    }

    public func getTimelineEntries(
        for complication: CLKComplication, after date: Date, limit: Int,
        withHandler handler: @escaping ([CLKComplicationTimelineEntry]?) -> Void
    ) {
        handler(nil)
    }

    public func getCurrentTimelineEntry(
        for complication: CLKComplication,
        withHandler handler: @escaping (CLKComplicationTimelineEntry?) -> Void
    ) {
        DataSourceForms.expectOneForm(of: self, reachedFromOtherDefault: DataSourceForms.inAsyncDefault.contains(ObjectIdentifier(self)))
        Task {
            let entry = await DataSourceForms.$inHandlerDefault.withValue(true) {
                await currentTimelineEntry(for: complication)
            }
            handler(entry)
        }
    }

    // Runs on its caller's actor: a main-actor default would hand its non-Sendable entry
    // across isolation to the requirement's callers, which a Swift 5 mode app is warned of.
    nonisolated(nonsending) public func currentTimelineEntry(for complication: CLKComplication) async -> CLKComplicationTimelineEntry? {
        await DataSourceForms.entryFromHandler(of: Unchecked(self), for: Unchecked(complication)).value
    }
}

/// How the default of one form knows it was reached from the default of the other.
enum DataSourceForms {
    @TaskLocal static var inHandlerDefault = false
    @MainActor static var inAsyncDefault: Set<ObjectIdentifier> = []

    /// The handler form's answer. `Unchecked` is sound: the data source is main-actor code,
    /// used here on main, and the complication and the entry go from one caller to one callee.
    @MainActor
    static func entryFromHandler(
        of source: Unchecked<some CLKComplicationDataSource>, for complication: Unchecked<CLKComplication>
    ) async -> Unchecked<CLKComplicationTimelineEntry?> {
        let source = source.value
        let complication = complication.value
        expectOneForm(of: source, reachedFromOtherDefault: inHandlerDefault)
        let id = ObjectIdentifier(source)
        return await withCheckedContinuation { continuation in
            inAsyncDefault.insert(id)
            defer { inAsyncDefault.remove(id) }
            source.getCurrentTimelineEntry(for: complication) { continuation.resume(returning: Unchecked($0)) }
        }
    }

    static func expectOneForm(of source: AnyObject, reachedFromOtherDefault: Bool) {
        precondition(
            !reachedFromOtherDefault,
            "\(type(of: source)) implements neither getCurrentTimelineEntry(for:withHandler:) nor currentTimelineEntry(for:)")
    }
}

/// Asks the data source for fresh entries after the app says its data changed.
///
/// As in ClockKit: a class with no actor annotation and not `Sendable`, reached through the
/// class method `sharedInstance()` from any thread. `reloadTimeline(for:)` only invalidates
/// the timeline and returns; the server asks the data source later, on the main thread.
@available(watchOS, deprecated: 9.0, message: "use WidgetKit")
public final class CLKComplicationServer {
    /// The server of the app running now (the simulated watch runs one app at a time).
    @preconcurrency
    public class func sharedInstance() -> CLKComplicationServer {
        guard let server = WKExtension.running?.complicationServer else {
            preconditionFailure("CLKComplicationServer.sharedInstance() called while no app is running")
        }
        return server
    }

    @preconcurrency
    public var activeComplications: [CLKComplication]? { [.caffeine] }

    weak var owner: WKExtension?
    private let mainQueue = MainQueue.shared
    private let timeline: TimelineRecorder?
    @MainActor var dataSource: (any CLKComplicationDataSource)?
    /// What the watch face shows now.
    @MainActor public private(set) var currentEntry: CLKComplicationTimelineEntry?
    /// Entries received since launch.
    @MainActor public private(set) var reloadCount = 0

    init(timeline: TimelineRecorder?) {
        self.timeline = timeline
    }

    /// Marks the complication's timeline stale; ClockKit asks the data source for a new
    /// entry after this call has returned. Callable from any thread: from main, the ask
    /// comes at the end of the current turn; from another thread, at the runtime's next
    /// turn on main (`WKExtension.mainTurn`), so the calling thread hands nothing to main.
    @preconcurrency
    public func reloadTimeline(for complication: CLKComplication) {
        timeline?.note(.complicationReload, "reload the complication")
        guard mainQueue.isCurrent else {
            reloadsAskedOffMain.add(1, ordering: .relaxed)
            return
        }
        // `Unchecked` is sound: on main, to main; the server's state there is main-actor state.
        let asked = Unchecked((server: self, complication: complication))
        DispatchQueue.main.async {
            MainActor.assumeIsolated { asked.value.server.ask(for: asked.value.complication) }
        }
    }

    // Relaxed: a count, not a hand-off (see `Gate`).
    private let reloadsAskedOffMain = Atomic<Int>(0)

    @MainActor
    func reloadIfAskedOffMain() {
        guard reloadsAskedOffMain.exchange(0, ordering: .relaxed) > 0 else { return }
        ask(for: .caffeine)
    }

    @MainActor
    private func ask(for complication: CLKComplication) {
        dataSource?.getCurrentTimelineEntry(for: complication, withHandler: Self.handler(for: self))
    }

    /// The handler the data source calls back. Built outside the main actor: a closure
    /// written in main-actor code would be main-actor code, and the Swift 6 mode would trap
    /// when a data source calls it from another thread, where the kit records the mistake
    /// instead, and shows the entry at the runtime's next turn on main.
    private nonisolated static func handler(for server: CLKComplicationServer) -> (CLKComplicationTimelineEntry?) -> Void {
        let owner = server.owner
        let mainQueue = server.mainQueue
        weak let server = server
        return { entry in
            // `Unchecked` is sound: the entry and the server are used on main only.
            let handed = Unchecked((server, entry))
            let received = Unchecked { @MainActor in handed.value.0?.received(handed.value.1) }
            guard mainQueue.isCurrent else {
                owner?.noteOffMainCall("the complication handler")
                owner?.askedOffMain.withLock { $0.append { received.value() } }
                return
            }
            MainActor.assumeIsolated { received.value() }
        }
    }

    @MainActor
    private func received(_ entry: CLKComplicationTimelineEntry?) {
        timeline?.note(.complicationEntry, "the watch face shows \(entry?.text ?? "nothing")")
        currentEntry = entry
        reloadCount += 1
    }
}
