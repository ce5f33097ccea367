import Ledger

// Builds a day's report on another task; the line items cross into it.
public func dailyReport(_ items: [LineItem]) async -> String {
    await Task.detached {
        items.map { "\($0.name): \($0.cents) \(defaultCurrency)" }.joined(separator: "\n")
    }.value
}
