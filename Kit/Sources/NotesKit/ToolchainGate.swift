import Foundation

/// Blocks for a newer toolchain than the one the notes were measured with: a block whose
/// words include `swift=6.4` is run only by a toolchain whose `swift --version` is at least
/// 6.4 (CI's job on the newest image); elsewhere the checker says "not run here" and counts
/// it apart. Its quick checks (the probe exists, the excerpt matches) run everywhere.
public struct SwiftVersion: Comparable, Sendable, CustomStringConvertible {
    public let parts: [Int]

    /// "6.4", "6.3.1"; nil for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard (2...3).contains(parts.count), !parts.contains(nil) else { return nil }
        self.parts = parts.compactMap { $0 }
    }

    /// The version in `swift --version`'s first line ("Swift version 6.3.1 (swift-6.3.1-RELEASE)",
    /// "Apple Swift version 6.2 (swiftlang-…)").
    public init?(versionOutput: String) {
        guard let range = versionOutput.range(of: #"Swift version \d+\.\d+(\.\d+)?"#, options: .regularExpression) else { return nil }
        self.init(String(versionOutput[range].dropFirst("Swift version ".count)))
    }

    public static func < (lhs: SwiftVersion, rhs: SwiftVersion) -> Bool {
        let count = max(lhs.parts.count, rhs.parts.count)
        let pad = { (parts: [Int]) in parts + Array(repeating: 0, count: count - parts.count) }
        return pad(lhs.parts).lexicographicallyPrecedes(pad(rhs.parts))
    }

    public var description: String { parts.map(String.init).joined(separator: ".") }

    /// The toolchain on PATH, asked once.
    public static let onPath: SwiftVersion? = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "--version"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return SwiftVersion(versionOutput: String(decoding: output, as: UTF8.self))
    }()
}

extension Note.Fence {
    /// The least toolchain this block needs (`swift=6.4`), when it names one.
    public var minimumSwift: String? { value("swift") }
}

public enum ToolchainGate {
    /// Why the block is not run with `toolchain`, or nil when it runs (no `swift=` word, or a
    /// toolchain at least that new). A `swift=` value that is no version is a problem, not a skip.
    public static func notRunHere(_ fence: Note.Fence, toolchain: SwiftVersion?) -> String? {
        guard let wanted = fence.minimumSwift, let needed = SwiftVersion(wanted) else { return nil }
        guard let toolchain else { return "needs Swift \(needed), and `swift --version` named no version" }
        return toolchain < needed ? "needs Swift \(needed), this is \(toolchain)" : nil
    }

    /// The quick check: `swift=` must name a version.
    static func problem(_ fence: Note.Fence) -> String? {
        guard let wanted = fence.minimumSwift else { return nil }
        return SwiftVersion(wanted) == nil ? "swift=\(wanted) is not a version such as 6.4" : nil
    }
}
