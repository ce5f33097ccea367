// explain: -swift-version 6
// Isolation written where it cannot apply: two isolation attributes on one method, a
// `nonisolated` stored property of a non-Sendable type, an `isolated` parameter of a class,
// and an `await` inside an autoclosure that cannot suspend (round 7's unknown lines).
final class ResultCache { var hits = 0 }

@MainActor final class FeedModel {
    var items: [String] = []
    @MainActor @concurrent func refresh() async {}
}

@MainActor final class PriceLabel {
    nonisolated let cache = ResultCache()
}

final class SessionStore { var token = "" }
func authHeader(_ store: isolated SessionStore) -> String { store.token }

actor Budget { var total = 0 }
func expect(_ condition: @autoclosure () -> Bool) {}
func checkBudget(_ budget: Budget) async { expect(await budget.total == 0) }
