/// The app team's own framework, written before the team adopted Swift concurrency and
/// not migrated yet: it builds in the Swift 5 language mode and says nothing about
/// isolation. Like the `Recaffeinater` of Apple's WWDC24 sample, it watches the caffeine
/// level and tells its delegate when the level falls below a threshold.
///
/// It calls its delegate on the thread that calls `check(_:)`, and only its documentation
/// says so: that is what makes it the kind of API a Swift 6 conformance must trust.

/// Hears when the caffeine level falls below the threshold.
public protocol CaffeineThresholdDelegate: AnyObject {
    func caffeineLevel(_ milligrams: Double, fellBelow threshold: Double)
}

/// Turns a series of caffeine readings into "time for another coffee" moments.
public final class Recaffeinater {
    public weak var delegate: CaffeineThresholdDelegate?
    public let threshold: Double
    private var lastReading: Double?

    public init(threshold: Double = 50) {
        self.threshold = threshold
    }

    /// Takes a reading. The delegate hears about it, on the calling thread, when it is the
    /// first reading below the threshold after one at or above it.
    public func check(_ milligrams: Double) {
        defer { lastReading = milligrams }
        guard let lastReading, lastReading >= threshold, milligrams < threshold else { return }
        delegate?.caffeineLevel(milligrams, fellBelow: threshold)
    }
}
