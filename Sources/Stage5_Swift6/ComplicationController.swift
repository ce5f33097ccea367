import CoffeeModel
import WatchKitSim

/// Gives the watch face the current caffeine level.
///
/// ClockKit's protocol carries no actor annotation, but ClockKit calls its data source on
/// the main thread only. `@preconcurrency` says so: the conformance is main-actor isolated,
/// and Swift checks at run time that each call really arrives on the main actor.
@MainActor
final class ComplicationController: @preconcurrency CLKComplicationDataSource {
    let model: CoffeeData

    init(model: CoffeeData) {
        self.model = model
    }

    func getCurrentTimelineEntry(
        for complication: CLKComplication,
        withHandler handler: @escaping @Sendable (CLKComplicationTimelineEntry?) -> Void
    ) {
        let milligrams = Int(model.currentMGCaffeine.rounded())
        let template = CLKComplicationTemplateModularSmallStackText(
            line1TextProvider: CLKSimpleTextProvider(text: "\(milligrams)"),
            line2TextProvider: CLKSimpleTextProvider(text: "mg"))
        handler(CLKComplicationTimelineEntry(date: model.device.clock.now, complicationTemplate: template))
    }
}
