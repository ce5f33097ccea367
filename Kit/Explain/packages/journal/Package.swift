// swift-tools-version:6.2
import PackageDescription

// A second learner's package for `Scripts/explain --package` (Kit/Tests/ExplainTests): a
// library already in the Swift 6 mode and clean, an app in the Swift 5 mode with warnings
// of its own, and the library's tests. Nothing here is a shared cause: the order runs from
// the outer-most targets inward. Written to produce warnings: do not fix them.
let package = Package(
    name: "Journal",
    platforms: [.macOS(.v15)],
    targets: [
        .target(name: "JournalKit", swiftSettings: [.swiftLanguageMode(.v6)]),
        .executableTarget(name: "JournalApp", dependencies: ["JournalKit"], swiftSettings: [.swiftLanguageMode(.v5)]),
        .testTarget(name: "JournalKitTests", dependencies: ["JournalKit"], swiftSettings: [.swiftLanguageMode(.v6)]),
    ]
)
