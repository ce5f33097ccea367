// explain: -swift-version 6
// An isolated conformance (SE-0470) used where the type parameter must be Sendable.
protocol Describing { func describe() -> String }

@MainActor final class Badge: @MainActor Describing {
    func describe() -> String { "badge" }
}

func describeLater<T: Describing & Sendable>(_ value: T) {}

@MainActor func show(_ badge: Badge) {
    describeLater(badge)
}
