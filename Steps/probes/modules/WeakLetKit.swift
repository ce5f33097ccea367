// probe: -swift-version 6
// A module with an actor that keeps a `weak let` to a main-actor model (`Sendable`, as
// every main-actor class is) and a plain `let` count, as stage 6's HealthKitController
// does, and reads both from a nonisolated property inside its own module.
@MainActor public final class Model {
    public init() {}
}

public actor Controller {
    public weak let model: Model?
    public let count: Int
    public init(model: Model, count: Int) {
        self.model = model
        self.count = count
    }
    /// Inside the module: both lets read without the actor's isolation.
    public nonisolated var modelIsGone: Bool { model == nil && count >= 0 }
}

/// The same lets, declared `nonisolated`: other modules may read them synchronously too.
public actor OpenController {
    nonisolated public weak let model: Model?
    nonisolated public let count: Int
    public init(model: Model, count: Int) {
        self.model = model
        self.count = count
    }
}
