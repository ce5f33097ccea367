import Foundation

/// A complication slot on the watch face.
public struct CLKComplication: Hashable, Sendable {
    public let identifier: String
    public static let caffeine = CLKComplication(identifier: "caffeine")
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

/// The app's complication data source. As in ClockKit the protocol carries no actor
/// annotation, although the server calls it on the main thread only. An app implements
/// either form; each has a default that calls the other.
public protocol CLKComplicationDataSource: AnyObject {
    func getCurrentTimelineEntry(
        for complication: CLKComplication,
        withHandler handler: @escaping @Sendable (CLKComplicationTimelineEntry?) -> Void
    )
    func currentTimelineEntry(for complication: CLKComplication) async -> CLKComplicationTimelineEntry?
}

extension CLKComplicationDataSource {
    public func getCurrentTimelineEntry(
        for complication: CLKComplication,
        withHandler handler: @escaping @Sendable (CLKComplicationTimelineEntry?) -> Void
    ) {
        // ClockKit calls its data source on the main thread only, so it may cross to a
        // main-actor task: sound, though the protocol cannot say so.
        nonisolated(unsafe) let source = self
        Task { @MainActor in handler(await source.currentTimelineEntry(for: complication)) }
    }

    public func currentTimelineEntry(for complication: CLKComplication) async -> CLKComplicationTimelineEntry? {
        await withCheckedContinuation { continuation in
            getCurrentTimelineEntry(for: complication) { continuation.resume(returning: $0) }
        }
    }
}

/// Asks the data source for fresh entries when the app says its data changed.
@preconcurrency @MainActor
public final class CLKComplicationServer {
    public var activeComplications: [CLKComplication]? { [.caffeine] }

    weak var owner: WKExtension?
    var dataSource: (any CLKComplicationDataSource)?
    /// What the watch face shows now.
    public private(set) var currentEntry: CLKComplicationTimelineEntry?
    /// Entries received since launch.
    public private(set) var reloadCount = 0

    init() {}

    public func reloadTimeline(for complication: CLKComplication) {
        guard WKExtension.isOnMainThread("CLKComplicationServer.reloadTimeline", owner: owner, replay: {
            self.reloadTimeline(for: complication)
        }) else { return }
        let owner = owner
        dataSource?.getCurrentTimelineEntry(for: complication) { [weak self] entry in
            guard WKExtension.isOnMainThread("the complication handler", owner: owner, replay: {
                self?.received(entry)
            }) else { return }
            MainActor.assumeIsolated { self?.received(entry) }
        }
    }

    private func received(_ entry: CLKComplicationTimelineEntry?) {
        currentEntry = entry
        reloadCount += 1
    }
}
