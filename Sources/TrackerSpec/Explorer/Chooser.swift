/// Picks the next event of an explored day: from a seed (a day of its own), or following a
/// given order (a replay while shrinking). Options are event ids in a stable order, so the
/// same seed makes the same choices whatever the machine's speed.
struct Chooser {
    private var random: SplitMix64?
    private var guide: [String]
    /// A path through the tree of choices (systematic exploration): the index to take at
    /// each step, 0 beyond its end; `taken` and `widths` record the path actually taken.
    private var path: [Int]?
    private(set) var taken: [Int] = []
    private(set) var widths: [Int] = []

    /// A seeded day.
    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
        guide = []
    }

    /// A day that takes `order`'s events as soon as each is possible, and the day's own
    /// events (the SDK's answers) first come, first served when none is.
    init(following order: [String]) {
        random = nil
        guide = order
    }

    /// A day that takes, at its n-th choice, option `path[n]` (the first beyond the path).
    init(path: [Int]) {
        random = nil
        guide = []
        self.path = path
    }

    /// One choice among `options`; `nil` ends the day's driver actions (a guided day takes
    /// no action its order does not name). `isAction` tells driver actions from held events.
    /// `outsidePath`: a choice a systematic day does not branch on (the launch before the
    /// day's actions, the settling after them), taken first come, first served.
    mutating func choose(among options: [String], outsidePath: Bool = false, isAction: (String) -> Bool) -> String? {
        guard !options.isEmpty else { return nil }
        if path != nil && outsidePath { return options[0] }
        if let path {
            let index = taken.count < path.count ? min(path[taken.count], options.count - 1) : 0
            taken.append(index)
            widths.append(options.count)
            return options[index]
        }
        if var random {
            defer { self.random = random }
            // Half the time an action, when one is possible: more of the day in flight at
            // once (two refreshes both waiting on HealthKit, say) than a uniform choice among
            // many held answers gives.
            let actions = options.filter(isAction)
            let pool = !actions.isEmpty && actions.count < options.count && random.next() % 2 == 0 ? actions : options
            return pool[Int(random.next() % UInt64(pool.count))]
        }
        if let index = guide.firstIndex(where: options.contains) {
            return guide.remove(at: index)
        }
        return options.first { !isAction($0) }
    }
}

/// A small, well-known pseudo-random generator: the same seed gives the same numbers on
/// every platform and toolchain (the standard library's generator promises neither).
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
