import Foundation

/// The toolchain's own explanations of its diagnostic groups: Swift 6.3 ships them as
/// Markdown under `usr/share/doc/swift/diagnostics/`, beside `usr/bin/swift`.
public struct GroupDocs: Sendable {
    public let directory: URL?

    public struct Explanation: Sendable {
        public var title: String
        public var summary: String
        public var path: String
    }

    public init(directory: URL?) { self.directory = directory }

    /// Found from the `swift` on PATH, symbolic links resolved.
    public static func fromPath(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> GroupDocs {
        for folder in (environment["PATH"] ?? "").split(separator: ":") {
            let swift = URL(fileURLWithPath: String(folder)).appendingPathComponent("swift")
            guard FileManager.default.isExecutableFile(atPath: swift.path) else { continue }
            let usr = swift.resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
            let docs = usr.appendingPathComponent("share/doc/swift/diagnostics")
            return GroupDocs(directory: FileManager.default.fileExists(atPath: docs.path) ? docs : nil)
        }
        return GroupDocs(directory: nil)
    }

    /// The group's file: the table names it, or the name in kebab case.
    public func file(of group: String, in table: Table) -> URL? {
        guard let directory else { return nil }
        let name = table.group(named: group)?.doc ?? Self.kebab(group) + ".md"
        let url = directory.appendingPathComponent(name)
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    public func explanation(of group: String, in table: Table) -> Explanation? {
        guard let url = file(of: group, in: table), let text = try? String(contentsOf: url, encoding: .utf8) else { return nil }
        var title = group
        var paragraph: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("# ") { title = String(line.dropFirst(2)); continue }
            if line.hasPrefix("#") || line.hasPrefix("```") || line.hasPrefix("<!--") {
                if !paragraph.isEmpty { break } else { continue }
            }
            if line.trimmingCharacters(in: .whitespaces).isEmpty {
                if !paragraph.isEmpty { break } else { continue }
            }
            paragraph.append(line.trimmingCharacters(in: .whitespaces))
        }
        // The title ends "(GroupName)", which the screen already shows.
        title = title.replacingOccurrences(of: #"\s*\([A-Za-z]+\)$"#, with: "", options: .regularExpression)
        let summary = Self.firstSentence(paragraph.joined(separator: " "))
        return Explanation(title: title, summary: summary, path: url.path)
    }

    static func firstSentence(_ text: String) -> String {
        guard let end = text.range(of: ". ") else { return text }
        return String(text[..<end.lowerBound]) + "."
    }

    static func kebab(_ name: String) -> String {
        var out = ""
        for character in name {
            if character.isUppercase, !out.isEmpty { out += "-" }
            out += character.lowercased()
        }
        return out
    }
}
