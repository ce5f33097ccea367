/// Runs `work` once for every item, with at most `limit` items at work at once: thirty
/// downloads, three requests in flight. Today it starts every item at once.
public func boundedForEach<Item: Sendable>(
    _ items: [Item], limit: Int, _ work: @escaping @Sendable (Item) async -> Void
) async {
    await withTaskGroup(of: Void.self) { group in
        for item in items {
            group.addTask { await work(item) }
        }
    }
}
