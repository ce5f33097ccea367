import CoffeeModel
import Recaffeinater
import WatchKitSim

/// Gives the watch face the current caffeine level, and puts up a reminder when the level
/// falls below the Recaffeinater's threshold.
///
/// The Recaffeinater framework is not migrated yet: its delegate protocol says nothing about
/// isolation, though it calls back on the thread that takes the reading, which here is
/// main. `@preconcurrency` trusts that until the framework says it (a `@MainActor`
/// protocol), and Swift checks each call at run time.
///
/// Stage 6's settings would accept the conformance without it, as an isolated conformance
/// (SE-0470). The compiler checks the app's use of it (`delegate = self`, on main: legal),
/// not what the framework, built in the Swift 5 mode, does with the delegate afterwards.
/// Without `@preconcurrency`, a framework that starts calling from a queue of its own
/// would run this method off main without a word. An isolated conformance is the tool
/// when the code that calls its witnesses is itself checked.
final class ComplicationController: NSObject, CLKComplicationDataSource, @preconcurrency CaffeineThresholdDelegate {
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
