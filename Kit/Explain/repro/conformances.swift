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

// The same check where a generic type's parameter must be Sendable: this wording names the
// parameter ('Option'), the one above does not.
@MainActor enum Flavor: @MainActor CaseIterable { case plain }
struct Menu<Option: CaseIterable & Sendable> {}
@MainActor func buildMenu() { _ = Menu<Flavor>() }
