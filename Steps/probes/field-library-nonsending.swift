// probe: -swift-version 6
// probe uses: NonsendingKit
// A client in the Swift 6 mode, without the feature, calling a library built with
// NonisolatedNonsendingByDefault from a main-actor model.
import Dispatch
import NonsendingKit

DispatchQueue.main.setSpecific(key: mainKey, value: true)

@MainActor final class Model {
    let log = DrinkLog()                  // main-actor state, not Sendable
    func refresh() async -> String {
        log.entries = [95, 63]
        // Passing `log` compiles only because `total` stays on this actor: a function that
        // left it would be handed main-actor state (a sending error in the Swift 6 mode).
        let here = await total(of: log)
        let away = await totalInBackground(of: log.entries)
        return "nonsending: ran on main \(here.onMain), \(here.mg) mg; @concurrent: ran on main \(away.onMain), \(away.mg) mg"
    }
}

print(await Model().refresh())
