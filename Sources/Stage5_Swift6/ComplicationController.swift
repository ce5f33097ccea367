import CoffeeModel
import WatchKitSim

/// Gives the watch face the current caffeine level.
final class ComplicationController: CLKComplicationDataSource {
    let model: CoffeeData

    init(model: CoffeeData) {
        self.model = model
    }

    func getCurrentTimelineEntry(
        for complication: CLKComplication,
        withHandler handler: @escaping (CLKComplicationTimelineEntry?) -> Void
    ) {
        let milligrams = Int(model.currentMGCaffeine.rounded())
        let template = CLKComplicationTemplateModularSmallStackText(
            line1TextProvider: CLKSimpleTextProvider(text: "\(milligrams)"),
            line2TextProvider: CLKSimpleTextProvider(text: "mg"))
        handler(CLKComplicationTimelineEntry(date: model.device.clock.now, complicationTemplate: template))
    }
}
