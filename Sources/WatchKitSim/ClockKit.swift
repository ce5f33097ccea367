import Foundation
import SimSupport
import Synchronization

/// A complication slot on the watch face.
public struct CLKComplication: Hashable, Sendable {
    public let identifier: String
    public static var caffeine: CLKComplication { .init(identifier: "caffeine") }
}

public struct CLKSimpleTextProvider: Sendable {
    public let text: String
    public init(text: String) { self.text = text }
}

/// The one template the simulation draws: two short lines.
public struct CLKComplicationTemplateModularSmallStackText: Sendable {
    public let line1TextProvider: CLKSimpleTextProvider
    public let line2TextProvider: CLKSimpleTextProvider

    public init(line1TextProvider: CLKSimpleTextProvider, line2TextProvider: CLKSimpleTextProvider) {
        self.line1TextProvider = line1TextProvider
        self.line2TextProvider = line2TextProvider
    }
}

public struct CLKComplicationTimelineEntry: Sendable {
    public let date: Date
    public let complicationTemplate: CLKComplicationTemplateModularSmallStackText

    public init(date: Date, complicationTemplate: CLKComplicationTemplateModularSmallStackText) {
        self.date = date
        self.complicationTemplate = complicationTemplate
    }

    /// What the watch face shows.
    public var text: String {
        "\(complicationTemplate.line1TextProvider.text) \(complicationTemplate.line2TextProvider.text)"
    }
}

/// The app's complication data source. As in ClockKit the protocol is `@MainActor`, so a
/// conforming class is main-actor isolated by its conformance, and the handler is a plain,
/// non-`@Sendable` closure.
///
/// ClockKit imports one Objective-C requirement in two forms, and an app implements one
/// of them. Swift cannot say "one of two" in a protocol, so here each form has a default
/// that calls the other; an app that implements neither traps at the first request with a
/// message (Xcode rejects it at compile time). See `Steps/FIDELITY.md`.
@MainActor
public protocol CLKComplicationDataSource: AnyObject {
    func getCurrentTimelineEntry(
        for complication: CLKComplication,
        withHandler handler: @escaping (CLKComplicationTimelineEntry?) -> Void
    )
    func currentTimelineEntry(for complication: CLKComplication) async -> CLKComplicationTimelineEntry?
}

extension CLKComplicationDataSource {
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

    public func currentTimelineEntry(for complication: CLKComplication) async -> CLKComplicationTimelineEntry? {
        DataSourceForms.expectOneForm(of: self, reachedFromOtherDefault: DataSourceForms.inHandlerDefault)
        let id = ObjectIdentifier(self)
        return await withCheckedContinuation { continuation in
            DataSourceForms.inAsyncDefault.insert(id)
            defer { DataSourceForms.inAsyncDefault.remove(id) }
            getCurrentTimelineEntry(for: complication) { continuation.resume(returning: $0) }
        }
    }
}

/// How the default of one form knows it was reached from the default of the other.
enum DataSourceForms {
    @TaskLocal static var inHandlerDefault = false
    @MainActor static var inAsyncDefault: Set<ObjectIdentifier> = []

    static func expectOneForm(of source: AnyObject, reachedFromOtherDefault: Bool) {
        precondition(
            !reachedFromOtherDefault,
            "\(type(of: source)) implements neither getCurrentTimelineEntry(for:withHandler:) nor currentTimelineEntry(for:)")
    }
}

/// Asks the data source for fresh entries after the app says its data changed.
///
/// As in ClockKit: a class with no actor annotation, reached through `sharedInstance()`.
/// `reloadTimeline(for:)` only invalidates the timeline and returns; the server asks the
/// data source later, on the main thread.
public final class CLKComplicationServer: @unchecked Sendable {
    // `@unchecked Sendable` is sound: `owner` is set once before the app launches, and
    // everything else the server keeps is main-actor state.

    /// The server of the app running now (the simulated watch runs one app at a time).
    public static func sharedInstance() -> CLKComplicationServer {
        guard let server = WKExtension.running?.complicationServer else {
            preconditionFailure("CLKComplicationServer.sharedInstance() called while no app is running")
        }
        return server
    }

    public var activeComplications: [CLKComplication]? { [.caffeine] }

    weak var owner: WKExtension?
    private let mainQueue = MainQueue.shared
    @MainActor var dataSource: (any CLKComplicationDataSource)?
    /// What the watch face shows now.
    @MainActor public private(set) var currentEntry: CLKComplicationTimelineEntry?
    /// Entries received since launch.
    @MainActor public private(set) var reloadCount = 0

    init() {}

    /// Marks the complication's timeline stale; ClockKit asks the data source for a new
    /// entry after this call has returned. Callable from any thread: from main, the ask
    /// comes at the end of the current turn; from another thread, at the runtime's next
    /// turn on main (`WKExtension.mainTurn`), so the calling thread hands nothing to main.
    public func reloadTimeline(for complication: CLKComplication) {
        guard mainQueue.isCurrent else {
            reloadsAskedOffMain.add(1, ordering: .relaxed)
            return
        }
        DispatchQueue.main.async { [self] in
            MainActor.assumeIsolated { ask(for: complication) }
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
        let owner = owner
        let mainQueue = mainQueue
        dataSource?.getCurrentTimelineEntry(for: complication) { [weak self] entry in
            // The handler is main-actor code by inference; a data source that calls it from
            // another thread is recorded, and its entry shown at the runtime's next turn on main.
            guard mainQueue.isCurrent else {
                owner?.noteOffMainCall("the complication handler")
                owner?.askedOffMain.withLock { asked in
                    asked.append { [weak self] in self?.received(entry) }
                }
                return
            }
            MainActor.assumeIsolated { self?.received(entry) }
        }
    }

    @MainActor
    private func received(_ entry: CLKComplicationTimelineEntry?) {
        currentEntry = entry
        reloadCount += 1
    }
}
