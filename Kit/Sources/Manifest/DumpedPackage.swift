import Foundation

/// A package as `swift package dump-package` describes it: its name, its targets, each with
/// its kind, folder, dependencies inside the package and Swift settings. The JSON is the
/// manifest's own answer (SwiftPM evaluates it), so no one parses Package.swift.
public struct DumpedPackage: Sendable {
    public struct Target: Sendable, Hashable {
        public var name: String
        /// "regular", "executable", "test", "macro", "plugin", "system", "binary".
        public var type: String
        /// Its folder relative to the package (SwiftPM's default when none is given).
        public var path: String
        /// The targets of this package it depends on (other packages' products left out).
        public var dependencies: [String]
        public var settings: [SwiftSetting]
    }

    public var name: String
    public var targets: [Target]
    /// The language mode of a target that names none: 6 from tools version 6.0 on.
    public var defaultLanguageMode: String

    public func target(named name: String) -> Target? { targets.first { $0.name == name } }

    /// The language mode `target` is built in.
    public func languageMode(of target: Target) -> String {
        for case .languageMode(let mode) in target.settings { return mode }
        return defaultLanguageMode
    }

    /// Runs `swift package dump-package` in `folder`; nil output and the command's words on failure.
    public static func load(packageAt folder: URL) throws -> DumpedPackage {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "package", "--package-path", folder.path, "dump-package"]
        let pipe = Pipe()
        (process.standardOutput, process.standardError) = (pipe, pipe)
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw DumpError("swift package dump-package failed in \(folder.path):\n\(output)") }
        return try decode(output)
    }

    /// Reads dump-package's output; warnings printed around the JSON are skipped.
    public static func decode(_ output: String) throws -> DumpedPackage {
        guard let open = output.firstIndex(of: "{"), let close = output.lastIndex(of: "}"),
              let json = try? JSONSerialization.jsonObject(with: Data(output[open...close].utf8)) as? [String: Any],
              let targets = json["targets"] as? [[String: Any]] else {
            throw DumpError("dump-package printed no targets")
        }
        let names = Set(targets.compactMap { $0["name"] as? String })
        let tools = (json["toolsVersion"] as? [String: Any])?["_version"] as? String ?? "5.0"
        let declared = (json["swiftLanguageVersions"] as? [Any])?.compactMap { ($0 as? [String: Any])?["_0"] as? String }
        return DumpedPackage(
            name: json["name"] as? String ?? "",
            targets: targets.compactMap { target($0, own: names) },
            defaultLanguageMode: declared?.last ?? ((Int(tools.prefix { $0 != "." }) ?? 5) >= 6 ? "6" : "5"))
    }

    private static func target(_ json: [String: Any], own: Set<String>) -> Target? {
        guard let name = json["name"] as? String, let type = json["type"] as? String else { return nil }
        let path = (json["path"] as? String) ?? "\(type == "test" ? "Tests" : "Sources")/\(name)"
        // {"byName": [name, condition]}, {"target": [name, condition]}, {"product": […]}
        let dependencies = (json["dependencies"] as? [[String: Any]] ?? []).compactMap { dependency in
            ["byName", "target"].lazy.compactMap { (dependency[$0] as? [Any])?.first as? String }.first.flatMap { own.contains($0) ? $0 : nil }
        }
        let settings = (json["settings"] as? [[String: Any]] ?? []).compactMap(setting)
        return Target(name: name, type: type, path: path, dependencies: dependencies, settings: settings)
    }

    /// {"tool": "swift", "kind": {"swiftLanguageMode": {"_0": "6"}}} and the like.
    private static func setting(_ json: [String: Any]) -> SwiftSetting? {
        guard json["tool"] as? String == "swift", let kind = json["kind"] as? [String: Any], let (key, value) = kind.first else { return nil }
        let argument = (value as? [String: Any])?["_0"]
        let text = argument as? String ?? (argument as? [String])?.first ?? ""
        switch key {
        case "swiftLanguageMode", "swiftLanguageVersion": return .languageMode(text)
        case "defaultIsolation": return .defaultIsolation(text)
        case "enableUpcomingFeature": return .upcomingFeature(text)
        case "enableExperimentalFeature": return .experimentalFeature(text)
        case "strictConcurrency": return .strictConcurrency(text)
        case "unsafeFlags": return .unsafeFlags(argument as? [String] ?? [])
        default: return .other(key)
        }
    }
}

public struct DumpError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
