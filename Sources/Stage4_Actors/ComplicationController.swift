import CoffeeModel
import Recaffeinater
import WatchKitSim

/// Gives the watch face the current caffeine level, and puts up a reminder when the level
/// falls below the Recaffeinater's threshold.
final class ComplicationController: NSObject, CLKComplicationDataSource, CaffeineThresholdDelegate {
    let model: CoffeeData
    private let recaffeinater = Recaffeinater()

    override init() {
        model = CoffeeData.shared!
        super.init()
        recaffeinater.delegate = self
    }

    func getCurrentTimelineEntry(
        for complication: CLKComplication,
        withHandler handler: @escaping (CLKComplicationTimelineEntry?) -> Void
    ) {
        let level = model.currentMGCaffeine
        if level >= recaffeinater.threshold { model.reminder = nil }
        recaffeinater.check(level)

        let milligrams = Int(level.rounded())
        let template = CLKComplicationTemplateModularSmallStackText(
            line1TextProvider: CLKSimpleTextProvider(text: "\(milligrams)"),
            line2TextProvider: CLKSimpleTextProvider(text: "mg"))
        handler(CLKComplicationTimelineEntry(date: model.device.clock.now, complicationTemplate: template))
    }

    func caffeineLevel(_ milligrams: Double, fellBelow threshold: Double) {
        model.reminder = "Under \(Int(threshold)) mg: time for a coffee?"
    }
}
