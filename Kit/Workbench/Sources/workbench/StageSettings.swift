import Foundation
import Manifest
import MatrixKit

/// A stage target's Swift settings, as the root Package.swift declares them: the one source.
/// Read from `swift package dump-package` (the manifest as JSON, Kit/Sources/Manifest) rather
/// than from a file the manifest and the tool would both read: SwiftPM evaluates a manifest
/// in a sandbox on macOS, and its output is the manifest's own answer on every platform.
struct StageSettings: Sendable, Equatable {
    let settings: [SwiftSetting]

    var languageMode: String {
        settings.lazy.compactMap { if case .languageMode(let mode) = $0 { mode } else { nil } }.first ?? "5"
    }

    /// How a grade names them: "the Swift 5 language mode", or stage 6's.
    var words: String {
        settings.count > 1
            ? "the Swift \(languageMode) mode with stage 6's approachable-concurrency settings"
            : "the Swift \(languageMode) language mode"
    }

    /// The same settings as `swiftc` flags, for a type check outside the package build.
    var swiftcFlags: [String] { settings.flatMap(\.swiftcFlags) }

    /// Each stage's settings by target name, from the root manifest (read once per run).
    nonisolated(unsafe) private static var cache: [String: StageSettings]?

    static func of(stage: Int, root: URL) throws -> StageSettings {
        let target = Stage.all[stage].target
        if cache == nil { cache = try load(root: root) }
        guard let found = cache?[target] else { throw WorkbenchError("the root Package.swift declares no target \(target)") }
        return found
    }

    private static func load(root: URL) throws -> [String: StageSettings] {
        let result = Shell(directory: root, scratch: FileManager.default.temporaryDirectory).run(["swift", "package", "dump-package"])
        guard result.succeeded, let package = try? DumpedPackage.decode(result.output) else {
            throw WorkbenchError("could not read the stages' settings (swift package dump-package):\n\(result.tail(6))")
        }
        var found: [String: StageSettings] = [:]
        for target in package.targets where Stage.all.contains(where: { $0.target == target.name }) {
            if case .other(let name)? = target.settings.first(where: { if case .other = $0 { true } else { false } }) {
                throw WorkbenchError("a stage setting the workbench does not know: \(name); teach Kit/Sources/Manifest")
            }
            found[target.name] = StageSettings(settings: target.settings)
        }
        return found
    }
}
