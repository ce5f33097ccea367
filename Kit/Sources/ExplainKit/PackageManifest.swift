import Foundation

/// A SwiftPM package as `swift package dump-package` describes it: its targets, what each
/// depends on inside the package, and the Swift settings each declares. Read from the
/// manifest's own JSON, so that `try` takes the stages' settings from the kit's
/// Package.swift wherever that file builds them, and `explain --package` reads a learner's
/// package without editing it.
public struct PackageManifest: Sendable {
    public struct Target: Sendable, Hashable {
        public var name: String
        /// "regular", "executable", "test", "macro", "plugin", "system", "binary".
        public var type: String
        /// Its sources folder relative to the package (SwiftPM's default when none is given).
        public var path: String
        /// The targets of this package it depends on (products of other packages left out).
        public var dependencies: [String]
        public var settings: [Setting]

        public init(name: String, type: String, path: String, dependencies: [String] = [], settings: [Setting] = []) {
            (self.name, self.type, self.path, self.dependencies, self.settings) = (name, type, path, dependencies, settings)
        }
    }

    /// One Swift setting of a target, as the compiler flags it stands for.
    public enum Setting: Sendable, Hashable {
        case languageMode(String)
        case defaultIsolation(String)
        case upcomingFeature(String)
        case experimentalFeature(String)
        case strictConcurrency(String)
        case other(String)

        public var swiftcFlags: [String] {
            switch self {
            case .languageMode(let mode): ["-swift-version", mode]
            case .defaultIsolation(let actor): ["-default-isolation", actor]
            case .upcomingFeature(let name): ["-enable-upcoming-feature", name]
            case .experimentalFeature(let name): ["-enable-experimental-feature", name]
            case .strictConcurrency(let level): ["-strict-concurrency=\(level)"]
            case .other: []
            }
        }
    }

    public var name: String
    public var targets: [Target]
    /// The language mode of a target that names none: 6 from tools version 6.0 on.
    public var defaultLanguageMode: String = "5"

    public init(name: String, targets: [Target], defaultLanguageMode: String = "5") {
        (self.name, self.targets, self.defaultLanguageMode) = (name, targets, defaultLanguageMode)
    }

    /// The language mode `target` is built in.
    public func languageMode(of target: Target) -> String {
        for case .languageMode(let mode) in target.settings { return mode }
        return defaultLanguageMode
    }

    public func target(named name: String) -> Target? { targets.first { $0.name == name } }

    /// Runs `swift package dump-package` on the package at `path`.
    public static func load(packageAt path: URL) throws -> PackageManifest {
        let run = Run.command(["swift", "package", "--package-path", path.path, "dump-package"], in: path)
        guard run.status == 0, let start = run.output.firstIndex(of: "{") else {
            throw TableError("swift package dump-package failed for \(path.path):\n\(run.output)")
        }
        return try decode(Data(run.output[start...].utf8))
    }

    public static func decode(_ data: Data) throws -> PackageManifest {
        guard let json = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let targets = json["targets"] as? [[String: Any]] else {
            throw TableError("dump-package printed no targets")
        }
        let names = Set(targets.compactMap { $0["name"] as? String })
        let tools = (json["toolsVersion"] as? [String: Any])?["_version"] as? String ?? "5.0"
        let declared = (json["swiftLanguageVersions"] as? [Any])?.compactMap { ($0 as? [String: Any])?["_0"] as? String }
        let major = Int(tools.prefix { $0 != "." }) ?? 5
        return PackageManifest(
            name: json["name"] as? String ?? "",
            targets: targets.compactMap { target(from: $0, ownTargets: names) },
            defaultLanguageMode: declared?.last ?? (major >= 6 ? "6" : "5"))
    }

    static func target(from json: [String: Any], ownTargets: Set<String>) -> Target? {
        guard let name = json["name"] as? String, let type = json["type"] as? String else { return nil }
        let folder = type == "test" ? "Tests" : "Sources"
        let path = (json["path"] as? String) ?? "\(folder)/\(name)"
        var dependencies: [String] = []
        for dependency in json["dependencies"] as? [[String: Any]] ?? [] {
            // {"byName": [name, condition]}, {"target": [name, condition]}, {"product": [name, package, …]}
            for key in ["byName", "target"] {
                if let pair = dependency[key] as? [Any], let other = pair.first as? String, ownTargets.contains(other) {
                    dependencies.append(other)
                }
            }
        }
        let settings = (json["settings"] as? [[String: Any]] ?? []).compactMap(setting(from:))
        return Target(name: name, type: type, path: path, dependencies: dependencies, settings: settings)
    }

    /// {"kind": {"swiftLanguageMode": {"_0": "6"}}, "tool": "swift"} and the like.
    static func setting(from json: [String: Any]) -> Setting? {
        guard json["tool"] as? String == "swift", let kind = json["kind"] as? [String: Any],
              let (key, value) = kind.first else { return nil }
        let argument = (value as? [String: Any])?["_0"]
        let text = argument as? String ?? (argument as? [String])?.first ?? ""
        switch key {
        case "swiftLanguageMode", "swiftLanguageVersion": return .languageMode(text)
        case "defaultIsolation": return .defaultIsolation(text)
        case "enableUpcomingFeature": return .upcomingFeature(text)
        case "enableExperimentalFeature": return .experimentalFeature(text)
        case "strictConcurrency": return .strictConcurrency(text)
        default: return .other(key)
        }
    }
}
