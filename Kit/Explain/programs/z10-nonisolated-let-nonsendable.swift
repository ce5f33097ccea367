// source: https://github.com/swiftlang/swift-evolution/blob/main/proposals/0449-allow-nonisolated-for-global-actor-cutoff.md
// flags: -swift-version 6
// expect: nonisolated-nonsendable-storage
// wrong: VAR
// runs: 12.50 EUR
// shape: (round 7, an unknown line, 'NumberFormatter' in Apple's SDK) a main-actor class marks a stored `let` of a non-Sendable class `nonisolated` so that a nonisolated method can use it; the fix makes the object where it is used, or drops `nonisolated` and keeps the users on the actor (a `var` instead, VAR, is refused too)
final class PriceFormatter {
    var currency = "EUR"
    func string(cents: Int) -> String { "\(cents / 100).\(cents % 100 < 10 ? "0" : "")\(cents % 100) \(currency)" }
}
#if FIXED
@MainActor final class PriceLabel {
    nonisolated func text(cents: Int) -> String { PriceFormatter().string(cents: cents) }
}
@MainActor final class TotalLabel {  // or no `nonisolated`: the property and its users on the actor
    let formatter = PriceFormatter()
    func text(cents: Int) -> String { formatter.string(cents: cents) }
}
@main enum Run {
    @MainActor static func main() { print(PriceLabel().text(cents: 1250) == TotalLabel().text(cents: 1250) ? PriceLabel().text(cents: 1250) : "differ") }
}
#elseif VAR
@MainActor final class PriceLabel {
    nonisolated var formatter = PriceFormatter()
}
#else
@MainActor final class PriceLabel {
    nonisolated let formatter = PriceFormatter()
    nonisolated func text(cents: Int) -> String { formatter.string(cents: cents) }
}
#endif
