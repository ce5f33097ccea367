import Foundation

/// Reads one line of a package file, by its path from the package root.
public protocol SourceLineReading {
    func line(_ number: Int, of path: String) -> String?
}

/// Reads lines from the package's files on disk, each file once.
public final class PackageSourceLines: SourceLineReading {
    public let root: URL
    private var cache: [String: [Substring]] = [:]

    public init(root: URL) {
        self.root = root
    }

    public func line(_ number: Int, of path: String) -> String? {
        if cache[path] == nil {
            let text = try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
            cache[path] = text?.split(separator: "\n", omittingEmptySubsequences: false) ?? []
        }
        guard let lines = cache[path], number >= 1, number <= lines.count else { return nil }
        return String(lines[number - 1])
    }
}

/// Lines given in place ("path" → [line 1, line 2, …]), for tests.
public struct InlineSourceLines: SourceLineReading, Sendable {
    public var files: [String: [Int: String]]

    public init(_ files: [String: [Int: String]]) {
        self.files = files
    }

    public func line(_ number: Int, of path: String) -> String? { files[path]?[number] }
}
