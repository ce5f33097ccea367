import Foundation

/// Display text shared by the screens and the complication. UTC, so every machine shows
/// the same simulated day.
public enum Display {
    /// "95 mg"
    public static func milligrams(_ mg: Double) -> String {
        "\(Int(mg.rounded())) mg"
    }

    /// "08:05"
    public static func time(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSinceReferenceDate.rounded(.down))
        let minutesOfDay = ((seconds % 86_400) + 86_400) % 86_400 / 60
        return String(format: "%02d:%02d", minutesOfDay / 60, minutesOfDay % 60)
    }

    /// "08:05  64 mg"
    public static func row(_ drink: Drink) -> String {
        "\(time(drink.date))  \(milligrams(drink.mgCaffeine))"
    }
}
