/// One Swift setting of a target: what a manifest declares, what `dump-package` reports, and
/// the compiler flags it stands for. One type for writing and reading, so that a setting read
/// from one manifest is written into another unchanged.
public enum SwiftSetting: Sendable, Hashable {
    case languageMode(String)
    case defaultIsolation(String)
    case upcomingFeature(String)
    case experimentalFeature(String)
    case strictConcurrency(String)
    case unsafeFlags([String])
    /// A setting this module does not model, by its dump-package key; written as nothing.
    case other(String)

    /// As a manifest's `swiftSettings:` entry.
    public var manifest: String? {
        switch self {
        case .languageMode(let mode): ".swiftLanguageMode(.v\(mode))"
        case .defaultIsolation(let actor): ".defaultIsolation(\(actor).self)"
        case .upcomingFeature(let name): ".enableUpcomingFeature(\"\(name)\")"
        case .experimentalFeature(let name): ".enableExperimentalFeature(\"\(name)\")"
        case .strictConcurrency(let level): ".unsafeFlags([\"-strict-concurrency=\(level)\"])"
        case .unsafeFlags(let flags): ".unsafeFlags([" + flags.map { "\"\($0)\"" }.joined(separator: ", ") + "])"
        case .other: nil
        }
    }

    /// The same setting as `swiftc` flags, for a compile outside the package build.
    public var swiftcFlags: [String] {
        switch self {
        case .languageMode(let mode): ["-swift-version", mode]
        case .defaultIsolation(let actor): ["-default-isolation", actor]
        case .upcomingFeature(let name): ["-enable-upcoming-feature", name]
        case .experimentalFeature(let name): ["-enable-experimental-feature", name]
        case .strictConcurrency(let level): ["-strict-concurrency=\(level)"]
        case .unsafeFlags(let flags): flags
        case .other: []
        }
    }
}
