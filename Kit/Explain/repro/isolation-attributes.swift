// explain: -swift-version 6
// Isolation written where it cannot apply: two isolation attributes on one method, and a
// `nonisolated` stored property of a non-Sendable type (round 7's unknown lines).
final class ResultCache { var hits = 0 }

@MainActor final class FeedModel {
    var items: [String] = []
    @MainActor @concurrent func refresh() async {}
}

@MainActor final class PriceLabel {
    nonisolated let cache = ResultCache()
}
