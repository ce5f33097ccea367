// probe: -swift-version 6 -warnings-as-errors -default-isolation MainActor -enable-upcoming-feature NonisolatedNonsendingByDefault
// Stage 6's settings. A call from the main actor into a `@concurrent` function may pass a
// value that is not `Sendable` when it is in a disconnected region (SE-0414): no actor
// state reaches it. It builds with any warning an error.
import Dispatch

nonisolated let mainKey = DispatchSpecificKey<Bool>()
nonisolated func onMainActor() -> Bool { DispatchQueue.getSpecific(key: mainKey) ?? false }

/// Not `Sendable`: a class with a plain `var`.
nonisolated final class Batch {
    var drinks: [String] = []
}

@concurrent func encode(_ batch: Batch) async -> String {
    "encoded \(batch.drinks.count) drinks off the main actor: \(!onMainActor())"
}

final class Model {
    var saved: [String] = ["espresso", "latte"]

    func save() async {
        // Made here, from a copy of the model's list: nothing of the model's reaches it.
        let batch = Batch()
        batch.drinks = saved
        print(await encode(batch))
    }
}

DispatchQueue.main.setSpecific(key: mainKey, value: true)
await Model().save()
