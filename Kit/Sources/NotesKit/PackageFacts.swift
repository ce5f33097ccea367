import Foundation
import TrackerSpec

/// What the checks know about the package: where it is, its stages and test targets.
public struct PackageFacts: Sendable {
    public let root: URL

    public init(root: URL) {
        self.root = root
    }

    /// The kit's root containing `file` (a `#filePath`): the first folder up that holds
    /// Package.swift and Steps/ (Kit/, the tools' own package, has no Steps/).
    public init(containing file: String) {
        var url = URL(fileURLWithPath: file).deletingLastPathComponent()
        func isRoot(_ url: URL) -> Bool {
            ["Package.swift", "Steps"].allSatisfy { FileManager.default.fileExists(atPath: url.appendingPathComponent($0).path) }
        }
        while !isRoot(url), url.path != "/" {
            url.deleteLastPathComponent()
        }
        self.init(root: url)
    }

    public func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }

    public func exists(_ relative: String) -> Bool {
        FileManager.default.fileExists(atPath: url(relative).path)
    }

    public func read(_ relative: String) -> String? {
        try? String(contentsOf: url(relative), encoding: .utf8)
    }

    /// The notes: every Markdown file in Steps/ and its folders, sorted, and the
    /// maintainers' guide, whose blocks came from step notes and stay verified.
    public func notes() -> [Note] {
        (files(under: "Steps", endingIn: ".md") + ["Kit/MAINTAINERS.md"]).compactMap { path in
            read(path).map { Note(path: path, text: $0) }
        }
    }

    /// Paths from the root of the files below `folder` whose names end in `suffix`, sorted.
    public func files(under folder: String, endingIn suffix: String) -> [String] {
        let found = FileManager.default.enumerator(atPath: url(folder).path)?.allObjects as? [String] ?? []
        return found.filter { $0.hasSuffix(suffix) }.map { "\(folder)/\($0)" }.sorted()
    }

    public var stageTargets: [String] { Stage.all.map(\.target) }

    /// The test targets a learner's `swift test` runs: a folder each under Tests/ (the
    /// stages' and the simulators'). The kit's own, under Kit/Tests/, belong to the
    /// package in Kit/ and are not selected by a `--filter` at the root.
    public var testTargets: [String] { testFolders.keys.sorted() }

    /// Each test target's folder.
    private var testFolders: [String: String] {
        var folders: [String: String] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: url("Tests").path)) ?? [] {
            folders[name] = "Tests/\(name)"
        }
        return folders
    }

    /// A stage given as a number ("2") or a target name ("Stage2_Continuations").
    public func stage(named text: String) -> Stage? {
        Stage.all.first { "\($0.number)" == text || $0.target == text }
    }

    /// Whether `--filter NAME` selects something: a test target, or `Target.Type` where
    /// the type is declared in that target's sources.
    public func isTestFilter(_ name: String) -> Bool {
        let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
        guard let target = parts.first else { return false }
        let targets = testTargets.filter { $0 == target || (try? NSRegularExpression(pattern: "^(\(target))$").firstMatch(in: $0, range: NSRange($0.startIndex..., in: $0))) != nil }
        guard !targets.isEmpty else { return false }
        guard parts.count == 2 else { return true }
        let type = parts[1]
        let folders = testFolders
        return targets.contains { target in
            guard let folder = folders[target] else { return false }
            let files = (try? FileManager.default.contentsOfDirectory(atPath: url(folder).path)) ?? []
            return files.contains { file in
                read("\(folder)/\(file)")?.range(of: "(struct|class|enum) \(type)\\b", options: .regularExpression) != nil
            }
        }
    }
}
