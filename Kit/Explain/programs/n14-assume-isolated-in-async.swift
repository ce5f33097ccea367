// source: https://github.com/swiftlang/swift-evolution/blob/main/proposals/0392-custom-actor-executors.md
// flags: -swift-version 6
// expect: unavailable-from-async assume-isolated
// runs: 1 1
// shape: MainActor.assumeIsolated and an actor's assumeIsolated written inside async functions
@MainActor final class Badge { var count = 0 }
actor Store { var hits = 0 }
#if FIXED
func bump(_ badge: Badge) async { await MainActor.run { badge.count += 1 } }
func record(_ store: isolated Store) async { store.hits += 1 }
@main enum Run {
    static func main() async {
        let badge = Badge(), store = Store()
        await bump(badge)
        await record(store)
        print(badge.count, await store.hits)
    }
}
#else
func bump(_ badge: Badge) async { MainActor.assumeIsolated { badge.count += 1 } }
func record(_ store: Store) async { store.assumeIsolated { $0.hits += 1 } }
#endif
