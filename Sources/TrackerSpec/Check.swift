import SimSupport
import WatchKitSim

/// One check of the shared suite, written once against the runtime and run on every stage.
public struct Check: Sendable, CustomStringConvertible {
    /// A stable id (kebab case), by which tools outside the process name the check; `name` is for people.
    public let id: String
    public let name: String
    /// The catalogue row this check detects; `nil` for behaviour every stage keeps.
    public let defect: String?
    let body: @MainActor @Sendable (any WatchApp.Type) async throws -> Void

    init(id: String, _ name: String, detects defect: String? = nil, _ body: @escaping @MainActor @Sendable (any WatchApp.Type) async throws -> Void) {
        self.id = id
        self.name = name
        self.defect = defect
        self.body = body
    }

    public var description: String { name }

    /// Runs the check on one stage's app (one app at a time in the process).
    public func run(on app: any WatchApp.Type) async throws {
        // A metatype carries no state: sound to hand to the main actor.
        nonisolated(unsafe) let app = app
        try await OneAppAtATime.shared.run { @MainActor in try await body(app) }
    }

    /// Launches `app`, runs `body` with it, and always cleans up.
    @MainActor
    static func withRun(
        _ app: any WatchApp.Type,
        configure: (inout WatchDevice.Configuration) -> Void = { _ in },
        prepare: (WatchDevice) throws -> Void = { _ in },
        _ body: (AppRun) async throws -> Void
    ) async throws {
        try await AppRun(app, configure: configure, prepare: prepare).finish(after: body)
    }
}
