/// A Package.swift to write: the packages it depends on by path and its targets, rendered as
/// manifest source. The workbench's exercise packages use it; `try` and `explain --package`
/// write theirs by hand still (the seam: build a `ManifestText` and write `text`).
public struct ManifestText: Sendable {
    public enum Dependency: Sendable, Hashable {
        /// A target of the same package.
        case target(String)
        /// A product of a package the manifest depends on.
        case product(String, package: String)

        var manifest: String {
            switch self {
            case .target(let name): "\"\(name)\""
            case .product(let name, let package): ".product(name: \"\(name)\", package: \"\(package)\")"
            }
        }
    }

    public struct Target: Sendable {
        public enum Kind: String, Sendable { case target, testTarget, executableTarget }
        public var kind: Kind
        public var name: String
        public var dependencies: [Dependency]
        public var path: String
        public var settings: [SwiftSetting]

        public init(_ kind: Kind, _ name: String, dependencies: [Dependency] = [], path: String, settings: [SwiftSetting]) {
            (self.kind, self.name, self.dependencies, self.path, self.settings) = (kind, name, dependencies, path, settings)
        }

        /// One argument a line, as a person would write it.
        var manifest: String {
            let arguments = ["name: \"\(name)\""]
                + (dependencies.isEmpty ? [] : ["dependencies: [\(dependencies.map(\.manifest).joined(separator: ", "))]"])
                + ["path: \"\(path)\"", "swiftSettings: [\(settings.compactMap(\.manifest).joined(separator: ", "))]"]
            return "        .\(kind.rawValue)(\n" + arguments.map { "            \($0)" }.joined(separator: ",\n") + "\n        ),\n"
        }
    }

    public var name: String
    /// Comment lines after the tools version (without "// ").
    public var comment: [String]
    /// Packages depended on, by path from the manifest's folder.
    public var packagePaths: [String]
    public var targets: [Target]
    public var toolsVersion = "6.2"
    public var macOS = "v15"

    public init(name: String, comment: [String] = [], packagePaths: [String] = [], targets: [Target]) {
        (self.name, self.comment, self.packagePaths, self.targets) = (name, comment, packagePaths, targets)
    }

    /// The manifest's source.
    public var text: String {
        let dependencies = packagePaths.isEmpty ? ""
            : "    dependencies: [\(packagePaths.map { ".package(path: \"\($0)\")" }.joined(separator: ", "))],\n"
        return "// swift-tools-version:\(toolsVersion)\n"
            + comment.map { "// \($0)\n" }.joined()
            + "import PackageDescription\n\nlet package = Package(\n"
            + "    name: \"\(name)\",\n    platforms: [.macOS(.\(macOS))],\n" + dependencies
            + "    targets: [\n" + targets.map(\.manifest).joined() + "    ]\n)\n"
    }
}
