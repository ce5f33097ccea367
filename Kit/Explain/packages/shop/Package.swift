// swift-tools-version:6.2
import PackageDescription

// A learner's package for `Scripts/explain --package` and its tests (Kit/Tests/ExplainTests):
// an app over two features over one shared library. The library was written before Swift
// concurrency and stays in the Swift 5 mode; Checkout takes the 6.2 default of main-actor
// isolation. Written to produce warnings under complete checking: do not fix them.
let package = Package(
    name: "Shop",
    platforms: [.macOS(.v15)],
    targets: [
        .target(name: "Ledger", swiftSettings: [.swiftLanguageMode(.v5)]),
        .target(name: "Checkout", dependencies: ["Ledger"],
                swiftSettings: [.swiftLanguageMode(.v5), .defaultIsolation(MainActor.self)]),
        .target(name: "Reports", dependencies: ["Ledger"], swiftSettings: [.swiftLanguageMode(.v5)]),
        .executableTarget(name: "ShopApp", dependencies: ["Checkout", "Reports"], swiftSettings: [.swiftLanguageMode(.v5)]),
    ]
)
