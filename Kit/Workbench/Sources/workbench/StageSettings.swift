import Foundation
import MatrixKit

/// A stage target's Swift settings, as the root Package.swift declares them: the one source.
/// Read from `swift package dump-package` (the manifest as JSON) rather than from a file the
/// manifest and the tool would both read: SwiftPM evaluates a manifest in a sandbox on macOS,
/// and its output is the manifest's own answer on every platform (Kit/MAINTAINERS.md).
struct StageSettings: Sendable, Equatable {
    enum Setting: Sendable, Equatable {
        case languageMode(String)
        case defaultIsolation(String)
        case upcomingFeature(String)
    }

    let settings: [Setting]

    var languageMode: String {
        settings.lazy.compactMap { if case .languageMode(let mode) = $0 { mode } else { nil } }.first ?? "5"
    }

    /// How a grade names them: "the Swift 5 language mode", or stage 6's.
    var words: String {
        settings.count > 1
            ? "the Swift \(languageMode) mode with stage 6's approachable-concurrency settings"
            : "the Swift \(languageMode) language mode"
    }

    /// As a manifest's `swiftSettings:` entries.
    var manifest: String {
        settings.map { setting in
            switch setting {
            case .languageMode(let mode): ".swiftLanguageMode(.v\(mode))"
            case .defaultIsolation(let actor): ".defaultIsolation(\(actor).self)"
            case .upcomingFeature(let name): ".enableUpcomingFeature(\"\(name)\")"
            }
        }.joined(separator: ", ")
    }

    /// The same settings as `swiftc` flags, for a type check outside the package build.
    var swiftcFlags: [String] {
        settings.flatMap { setting -> [String] in
            switch setting {
            case .languageMode(let mode): ["-swift-version", mode]
            case .defaultIsolation(let actor): ["-default-isolation", actor]
            case .upcomingFeature(let name): ["-enable-upcoming-feature", name]
            }
        }
    }

    /// Each stage's settings by target name, from the root manifest (read once per run).
    nonisolated(unsafe) private static var cache: [String: StageSettings]?

    static func of(stage: Int, root: URL) throws -> StageSettings {
        let target = Stage.all[stage].target
        if cache == nil { cache = try load(root: root) }
        guard let found = cache?[target] else { throw WorkbenchError("the root Package.swift declares no target \(target)") }
        return found
    }

    private static func load(root: URL) throws -> [String: StageSettings] {
        let result = Shell(directory: root, scratch: FileManager.default.temporaryDirectory)
            .run(["swift", "package", "dump-package"])
        // The output holds stderr too: the JSON is its outermost braces.
        let output = result.output
        guard result.succeeded, let open = output.firstIndex(of: "{"), let close = output.lastIndex(of: "}"),
              let json = try? JSONSerialization.jsonObject(with: Data(output[open...close].utf8)) as? [String: Any],
              let targets = json["targets"] as? [[String: Any]] else {
            throw WorkbenchError("could not read the stages' settings (swift package dump-package):\n\(result.tail(6))")
        }
        var found: [String: StageSettings] = [:]
        for target in targets {
            guard let name = target["name"] as? String, Stage.all.contains(where: { $0.target == name }) else { continue }
            found[name] = StageSettings(settings: try ((target["settings"] as? [[String: Any]]) ?? []).map(setting))
        }
        return found
    }

    /// One entry of dump-package's "settings": {"tool": "swift", "kind": {"swiftLanguageMode": {"_0": "5"}}}.
    private static func setting(_ entry: [String: Any]) throws -> Setting {
        guard let kind = entry["kind"] as? [String: Any], let (name, value) = kind.first,
              let argument = (value as? [String: Any])?["_0"] as? String else {
            throw WorkbenchError("a stage setting the workbench cannot read: \(entry)")
        }
        switch name {
        case "swiftLanguageMode": return .languageMode(argument)
        case "defaultIsolation": return .defaultIsolation(argument)
        case "enableUpcomingFeature": return .upcomingFeature(argument)
        default: throw WorkbenchError("a stage setting the workbench does not know: \(name); teach StageSettings.swift")
        }
    }
}
