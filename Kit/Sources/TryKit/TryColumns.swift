import ExplainKit
import MatrixKit

/// One of the four settings `Scripts/try` builds a snippet in: the settings the kit
/// teaches, taken from the app package's own stage targets so that they never drift.
public struct TryColumn: Sendable, Hashable {
    /// A short id, also the name of its scratch folder and `--where` product.
    public var id: String
    public var title: String
    /// Its heading in the side-by-side table (15 columns at most).
    public var short: String
    public var settings: [PackageManifest.Setting]

    public var flags: [String] { settings.flatMap(\.swiftcFlags) }

    /// Stage 0's settings (Swift 5, minimal checking), the same with complete checking,
    /// stage 5's (Swift 6), and stage 6's (Swift 6 with the 6.2 defaults), read from
    /// `manifest` (the app package's `dump-package`).
    public static func taught(by manifest: PackageManifest) throws -> [TryColumn] {
        func settings(ofStage number: Int) throws -> [PackageManifest.Setting] {
            guard let stage = Stage.all.first(where: { $0.number == number }),
                  let target = manifest.target(named: stage.target) else {
                throw TryError.setup("the app package has no target for stage \(number)")
            }
            // A stage with no language mode of its own takes the package's default.
            let hasMode = target.settings.contains { if case .languageMode = $0 { true } else { false } }
            return hasMode ? target.settings : [.languageMode(manifest.defaultLanguageMode)] + target.settings
        }
        let swift5 = try settings(ofStage: 0)
        return [
            TryColumn(id: "swift5", title: "Swift 5, minimal checking (stage 0)", short: "Swift 5", settings: swift5),
            TryColumn(id: "complete", title: "Swift 5, complete checking", short: "5 + complete",
                      settings: swift5 + [.strictConcurrency("complete")]),
            TryColumn(id: "swift6", title: "Swift 6 (stage 5)", short: "Swift 6", settings: try settings(ofStage: 5)),
            TryColumn(id: "approachable", title: "Swift 6 with the 6.2 defaults (stage 6)", short: "6.2 defaults",
                      settings: try settings(ofStage: 6)),
        ]
    }

    /// The settings as a manifest writes them, for the `--where` package.
    var manifestSettings: [String] {
        settings.compactMap { setting in
            switch setting {
            case .languageMode(let mode): ".swiftLanguageMode(.v\(mode))"
            case .defaultIsolation(let actor): actor == "MainActor" ? ".defaultIsolation(MainActor.self)" : ".defaultIsolation(nil)"
            case .upcomingFeature(let name): ".enableUpcomingFeature(\"\(name)\")"
            case .experimentalFeature(let name): ".enableExperimentalFeature(\"\(name)\")"
            case .strictConcurrency(let level): ".unsafeFlags([\"-strict-concurrency=\(level)\"])"
            case .other: nil
            }
        }
    }
}

public enum TryError: Error, CustomStringConvertible {
    /// The input is not a snippet `try` can build (exit 2).
    case input(String)
    /// The kit or the toolchain could not do its part (exit 3).
    case setup(String)

    public var description: String {
        switch self {
        case .input(let text), .setup(let text): text
        }
    }
}
